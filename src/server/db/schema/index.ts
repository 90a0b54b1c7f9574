export * from "./auth";
export * from "./companies";
export * from "./projects";
export * from "./tickets";
export * from "./billing";
export * from "./messages";
export * from "./conversations";
export * from "./row-counts";

import { first } from "@/cycle/first";

export const second = (): number => (typeof first === "function" ? 1 : 0);

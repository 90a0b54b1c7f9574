export const lower = (): number => 1;

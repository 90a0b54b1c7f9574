import { lower } from "@/acyclic/lower";

export const upper = (): number => lower() + 1;

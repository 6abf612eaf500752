/** The rows of a raw statement's result (drizzle's `execute` answers the driver's own result shape). */
export const rowsOf = <T>(result: unknown): T[] => ((result as { rows?: T[] }).rows ?? []) as T[];

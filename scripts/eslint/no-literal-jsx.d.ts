export const PROPER_NAMES: string[];
export const noLiteralJsxOptions: Record<string, unknown>;

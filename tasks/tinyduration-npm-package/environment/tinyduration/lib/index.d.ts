export declare const UNITS: Readonly<Record<'d' | 'h' | 'm' | 's' | 'ms', number>>;
export declare function parse(text: string): number;
export declare function format(ms: number): string;

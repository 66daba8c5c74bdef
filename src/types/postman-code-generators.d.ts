// The package ships no types; these are the calls lib/reference/request-samples.ts makes.
declare module 'postman-code-generators' {
  export function convert(language: string, variant: string, request: object, options: object, callback: (error: unknown, snippet?: string) => void): void;
}

// Types of the generators src/shared/code-generators.ts imports: the package ships none.
declare module 'postman-code-generators/codegens/*' {
  const generator: {
    convert(request: object, options: object, callback: (error: unknown, snippet?: string) => void): void;
  };
  export default generator;
}

/**
 * Jenkins: a declarative Jenkinsfile read as far as the page uses it
 * (options' timeout, environment, stages with `when`, `sh` and
 * `withCredentials`, `post` conditions with `junit` and `recordIssues`), run
 * as a multibranch job builds a pull request (a change request) or the
 * nightly timer builds main. Groovy strings are read as Groovy reads them:
 * escapes, a backslash before a line break joining the lines, `${NAME}` in
 * double quotes from the environment. A failed stage skips the later ones.
 */
import {baseEnvironment, withClientInstall, type CiSystem, type JobState, type Step} from './step-runner';
import type {DocCodeBlock} from '../../doc-code-blocks';

interface Token {
  kind: 'string' | 'gstring' | 'word' | 'number' | 'punct' | 'newline';
  text: string;
  line: number;
}

interface Statement {
  name: string;
  line: number;
  args: Token[];
  block?: Statement[];
}

const ESCAPES: Record<string, string> = {'\\': '\\', "'": "'", '"': '"', $: '$', n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', '\n': ''};

/** The tokens of a Jenkinsfile, strings unescaped; lines are the page's. */
function tokenize(block: DocCodeBlock): Token[] {
  const source = block.value;
  const tokens: Token[] = [];
  const pattern =
    /(\/\/[^\n]*|\/\*[^]*?\*\/)|('''[^]*?'''|"""[^]*?"""|'(?:\\.|[^'\\\n])*'|"(?:\\.|[^"\\\n])*")|([A-Za-z_][\w.]*)|(\d+)|(\n)|([ \t\r]+)|(==|!=|&&|\|\||[(){}[\],:;=?!<>])/y;
  let line = block.line + 1;
  while (pattern.lastIndex < source.length) {
    const at = pattern.lastIndex;
    const match = pattern.exec(source);
    if (!match) throw new Error(`${block.file}:${line}: the Jenkinsfile has "${source.slice(at, at + 20)}", which this reader does not know`);
    const [text, comment, string, word, number, newline, , punct] = match;
    if (string) {
      const quote = string.startsWith("'''") || string.startsWith('"""') ? 3 : 1;
      const body = string.slice(quote, -quote).replace(/\\(u[0-9a-fA-F]{4}|[^])/g, (_all, escaped: string) => {
        if (escaped.startsWith('u') && escaped.length === 5) return String.fromCharCode(parseInt(escaped.slice(1), 16));
        if (!(escaped in ESCAPES)) throw new Error(`${block.file}:${line}: "\\${escaped}" is no escape of a Groovy string`);
        return ESCAPES[escaped];
      });
      tokens.push({kind: string.startsWith('"') ? 'gstring' : 'string', text: body, line});
    } else if (word) tokens.push({kind: 'word', text: word, line});
    else if (number) tokens.push({kind: 'number', text: number, line});
    else if (newline) tokens.push({kind: 'newline', text, line});
    else if (punct) tokens.push({kind: 'punct', text: punct, line});
    line += (comment ?? string ?? text).split('\n').length - 1;
  }
  return tokens;
}

/** Statements up to the closing brace: `name(args) { block }`, `name { block }`, `name args…` to the line's end, `NAME = value`. */
function parseStatements(tokens: Token[], position: {index: number}, file: string): Statement[] {
  const statements: Statement[] = [];
  const is = (text: string) => tokens[position.index]?.kind === 'punct' && tokens[position.index].text === text;
  while (position.index < tokens.length && !is('}')) {
    const token = tokens[position.index];
    if (token.kind === 'newline' || is(';')) {
      position.index += 1;
      continue;
    }
    if (token.kind !== 'word') throw new Error(`${file}:${token.line}: a statement starts with "${token.text}"`);
    position.index += 1;
    const statement: Statement = {name: token.text, line: token.line, args: []};
    if (is('(')) {
      let depth = 0;
      do {
        if (is('(')) depth += 1;
        if (is(')')) depth -= 1;
        statement.args.push(tokens[position.index]);
        position.index += 1;
      } while (depth > 0 && position.index < tokens.length);
      statement.args = statement.args.slice(1, -1);
    } else {
      let depth = 0;
      while (position.index < tokens.length && !(depth === 0 && (tokens[position.index].kind === 'newline' || is(';') || is('{') || is('}')))) {
        if (is('(') || is('[')) depth += 1;
        if (is(')') || is(']')) depth -= 1;
        statement.args.push(tokens[position.index]);
        position.index += 1;
      }
    }
    if (is('{')) {
      position.index += 1;
      statement.block = parseStatements(tokens, position, file);
      position.index += 1;
    }
    statements.push(statement);
  }
  return statements;
}

/** `name: value` pairs of arguments, at any depth (`tool: sarif(pattern: 'x')` gives pattern). */
function namedArgs(args: Token[]): Record<string, string> {
  const named: Record<string, string> = {};
  args.forEach((token, index) => {
    if (token.kind === 'word' && args[index + 1]?.text === ':' && args[index + 2]) named[token.text] = args[index + 2].text;
  });
  return named;
}
const firstString = (args: Token[]) => args.find((token) => token.kind === 'string' || token.kind === 'gstring');
const section = (statements: Statement[] | undefined, name: string) => statements?.find((statement) => statement.name === name);

/** A double-quoted Groovy string's `${NAME}` and `$NAME` from the environment, as the environment directive reads them. */
const interpolate = (text: string, env: Record<string, string>) =>
  text.replace(/\$\{(?:env\.)?(\w+)\}|\$(\w+)/g, (_all, braced: string, bare: string) => env[braced ?? bare] ?? 'null');

const UNITS: Record<string, number> = {SECONDS: 1 / 60, MINUTES: 1, HOURS: 60, DAYS: 1440};
/** Where the conditions of `post` run. */
const POST: Record<string, (failed: boolean) => boolean> = {
  always: () => true,
  success: (failed) => !failed,
  failure: (failed) => failed,
};

export const jenkins: CiSystem = {
  name: 'Jenkins',
  file: /^Jenkinsfile$/,
  jobs(block, options) {
    const {settings, trigger} = options;
    const tokens = tokenize(block);
    const top = parseStatements(tokens, {index: 0}, block.file);
    const pipeline = section(top, 'pipeline');
    if (!pipeline?.block) throw new Error(`${block.file}:${block.line}: no declarative pipeline { … }`);
    // A multibranch job builds a pull request as PR-<id> (a change request); the nightly timer builds main.
    const buildEnv: Record<string, string> =
      trigger === 'pull-request' ? {BRANCH_NAME: 'PR-42', CHANGE_ID: '42', CHANGE_TARGET: 'main'} : {BRANCH_NAME: 'main'};
    const causes = trigger === 'pull-request' ? ['BranchEventCause'] : ['TimerTrigger', 'TimerTriggerCause'];
    const credentials: Record<string, string> = {'scanner-api-key': settings.apiKey};

    const agentEnv = (state: JobState): Record<string, string> => ({
      ...baseEnvironment(options, state),
      WORKSPACE: state.workspace,
      BUILD_NUMBER: '57',
      JOB_NAME: 'dast',
      ...buildEnv,
    });
    /** The environment directive applied over the agent's, in order, each value seeing the ones before it. */
    const pipelineEnv = (state: JobState): Record<string, string> => {
      const env = agentEnv(state);
      for (const assignment of section(pipeline.block, 'environment')?.block ?? []) {
        const [equals, value] = assignment.args;
        if (equals?.text !== '=' || !value) throw new Error(`${block.file}:${assignment.line}: ${assignment.name} in environment is no assignment`);
        if (value.kind !== 'string' && value.kind !== 'gstring')
          throw new Error(`${block.file}:${assignment.line}: ${assignment.name} is no string, which this runner does not read`);
        env[assignment.name] = value.kind === 'gstring' ? interpolate(value.text, env) : value.text;
      }
      return env;
    };

    const condition = (statement: Statement): boolean => {
      const inner = statement.block ?? [];
      switch (statement.name) {
        case 'changeRequest':
          return trigger === 'pull-request';
        case 'branch':
          return buildEnv.BRANCH_NAME === firstString(statement.args)?.text;
        case 'triggeredBy':
          return causes.includes(namedArgs(statement.args).cause ?? firstString(statement.args)?.text ?? '');
        case 'allOf':
          return inner.every(condition);
        case 'anyOf':
          return inner.some(condition);
        default:
          throw new Error(`${block.file}:${statement.line}: the when condition ${statement.name} is not read by this runner`);
      }
    };

    /** The steps of a steps block; `bound` is the environment withCredentials adds. */
    const stepsOf = (statements: Statement[], runs: Step['runs'], bound: Record<string, string> = {}): Step[] =>
      statements.flatMap((statement): Step[] => {
        const named = namedArgs(statement.args);
        switch (statement.name) {
          case 'sh': {
            const script = named.script ?? firstString(statement.args)?.text ?? '';
            return [
              {
                name: `sh (${script
                  .trim()
                  .split('\n')
                  .find((line) => !line.startsWith('#!'))
                  ?.trim()})`,
                line: statement.line,
                runs,
                shell: (state) => ({
                  script: withClientInstall(script, options),
                  // Jenkins runs a script with its shebang line's interpreter, any other with sh -xe.
                  argv: (file) => (script.startsWith('#!') ? [...script.slice(2).split('\n')[0].trim().split(/\s+/), file] : ['sh', '-xe', file]),
                  env: {...pipelineEnv(state), ...bound},
                }),
              },
            ];
          }
          case 'withCredentials': {
            const bindings: Record<string, string> = {};
            const ids = statement.args.filter((token, index) => statement.args[index - 2]?.text === 'credentialsId');
            const variables = statement.args.filter((token, index) => statement.args[index - 2]?.text === 'variable');
            ids.forEach((id, index) => (bindings[variables[index]?.text ?? ''] = credentials[id.text] ?? ''));
            return stepsOf(statement.block ?? [], runs, {...bound, ...bindings});
          }
          case 'junit':
            return [
              {
                name: 'junit',
                line: statement.line,
                runs,
                upload: {paths: [named.testResults ?? firstString(statement.args)?.text ?? ''], required: named.allowEmptyResults !== 'true'},
              },
            ];
          case 'recordIssues':
            // Warnings Next Generation logs a pattern that matches no file, and leaves the result alone.
            return [{name: 'recordIssues', line: statement.line, runs, upload: {paths: [named.pattern ?? ''], required: false}}];
          default:
            throw new Error(`${block.file}:${statement.line}: the step ${statement.name} is not run by this runner`);
        }
      });

    const steps: Step[] = [];
    for (const stage of section(pipeline.block, 'stages')?.block ?? []) {
      if (stage.name !== 'stage') throw new Error(`${block.file}:${stage.line}: ${stage.name} in stages is not read by this runner`);
      const when = section(stage.block, 'when');
      const selected = (when?.block ?? []).every(condition);
      const body = section(stage.block, 'steps');
      if (!body)
        throw new Error(
          `${block.file}:${stage.line}: stage ${firstString(stage.args)?.text} has no steps (nested stages and parallel are not read by this runner)`,
        );
      // Declarative Pipeline skips the stages after a failed one.
      steps.push(...stepsOf(body.block ?? [], (state) => selected && !state.failed));
    }
    for (const post of section(pipeline.block, 'post')?.block ?? []) {
      const runs = POST[post.name];
      if (!runs) throw new Error(`${block.file}:${post.line}: the post condition ${post.name} is not read by this runner`);
      steps.push(...stepsOf(post.block ?? [], (state) => runs(state.failed)));
    }
    const timeout = section(section(pipeline.block, 'options')?.block, 'timeout');
    const {time, unit = 'MINUTES'} = timeout ? namedArgs(timeout.args) : {};
    return [
      {
        name: 'pipeline',
        line: pipeline.line,
        steps,
        limit: timeout
          ? {minutes: Number(time) * UNITS[unit], line: timeout.line, what: 'options { timeout }'}
          : {minutes: Infinity, line: 0, what: 'no timeout'},
      },
    ];
  },
};

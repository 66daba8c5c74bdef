/**
 * The command-line client's entry point, bundled into the package the build
 * publishes (lib/cli-client/package.ts): it runs the client on the data
 * beside it.
 */
import fs from 'node:fs';
import path from 'node:path';
import {CLIENT_DATA_FILE, type ClientData} from '../lib/cli-client/client-data';
import {runCli} from '../lib/cli-client/run';

const data = JSON.parse(fs.readFileSync(path.join(__dirname, CLIENT_DATA_FILE), 'utf8')) as ClientData;
runCli(data, process.argv.slice(2), process.env).then((code) => {
  process.exitCode = code;
});

/** The production build (or another site root) behind nginx on the benchmarks' port, BENCH_NGINX_PORT (default 4181). */
import {startNginx} from '../lib/deploy/nginx-server';

export const startBenchNginx = (root?: string) => startNginx({port: Number(process.env.BENCH_NGINX_PORT ?? 4181), root});

/**
 * Where the portal's service (./service.ts) answers and what it accepts, for
 * the service and for the nginx configuration in front of it, which holds
 * the same body limits and proxies the same paths.
 */
import {FEEDBACK_PATH} from '../../src/shared/feedback';

export {FEEDBACK_PATH};
export const MCP_PATH = '/mcp';

/** Largest request body each path takes, in bytes: MCP's JSON-RPC messages, and one feedback submission. */
export const MAX_BODY_BYTES = {[MCP_PATH]: 64 * 1024, [FEEDBACK_PATH]: 8 * 1024};

/** The service's port on 127.0.0.1: MCP_PORT, or 4190. */
export const servicePort = (): number => Number(process.env.MCP_PORT ?? 4190);

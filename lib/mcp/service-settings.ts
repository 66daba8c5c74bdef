/** Shared by the service and the nginx configuration in front of it, which holds the same body limits and proxies the same paths. */
import {FEEDBACK_PATH} from '../../src/shared/feedback';

export {FEEDBACK_PATH};
export const MCP_PATH = '/mcp';

export const MAX_BODY_BYTES = {[MCP_PATH]: 64 * 1024, [FEEDBACK_PATH]: 8 * 1024};

export const servicePort = (): number => Number(process.env.MCP_PORT ?? 4190);

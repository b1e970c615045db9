/**
 * Preloaded into every server the bench starts (`node --import`). The backend has no bind
 * address setting and listens on every interface; the bench must stay on loopback, so a
 * listen() without a host gets 127.0.0.1. The product code is unchanged.
 */
import net from 'node:net';

const listen = net.Server.prototype.listen;
net.Server.prototype.listen = function (...args) {
  const [first, second] = args;
  if ((typeof first === 'number' || /^\d+$/.test(String(first))) && typeof second !== 'string') {
    args.splice(1, 0, '127.0.0.1');
  } else if (first && typeof first === 'object' && first.port !== undefined && !first.host) {
    args[0] = { ...first, host: '127.0.0.1' };
  }
  return listen.apply(this, args);
};

// An Endpoint seen through the progress engine: the same NIC, routes and counters, but host work
// goes on an EngineCpu. Point-to-point built on it issues messages at engine time, so a
// nonblocking collective's later rounds do not wait for the application's compute.

import { EngineCpu } from './engine-cpu.js'
import type { Endpoint } from './endpoint.js'

export function engineEndpoint(ep: Endpoint): Endpoint {
  const cpu = new EngineCpu(ep.sim, ep.cpu)
  // Every other property (and every write: route and rendezvous counters) is the endpoint's own.
  return new Proxy(ep, {
    get: (target, key) => (key === 'cpu' ? cpu : Reflect.get(target, key)),
    set: (target, key, value) => Reflect.set(target, key, value),
  })
}

import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { DataSource } from 'typeorm';

/** The jobs an operator wants to count and time. */
export type JobName = 'backup' | 'data-backup' | 'restore' | 'scheduled-backup';

/** mysql2's pool keeps its connection lists in fields its types do not declare. */
interface Mysql2Pool {
  _allConnections?: { length: number };
  _freeConnections?: { length: number };
  config?: { connectionLimit?: number };
}

/** This replica's Prometheus metrics (own registry: apps share a test process), on METRICS_PORT only. */
export class AppMetrics {
  readonly registry = new Registry();

  private readonly requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route template and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });

  private readonly requestSeconds = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from the request arriving to the response ending, by method, route template and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [this.registry],
  });

  private readonly jobRuns = new Counter({
    name: 'atm_job_runs_total',
    help: 'Backups and restores run by this replica, by job and outcome',
    labelNames: ['job', 'outcome'] as const,
    registers: [this.registry],
  });

  private readonly jobSeconds = new Histogram({
    name: 'atm_job_duration_seconds',
    help: 'How long backups and restores took, by job and outcome',
    labelNames: ['job', 'outcome'] as const,
    buckets: [0.1, 0.5, 1, 5, 15, 60, 300, 900],
    registers: [this.registry],
  });

  private readonly objectStoreErrors = new Counter({
    name: 'atm_object_store_errors_total',
    help: 'Requests to the object store that failed (a missing object is not a failure), by operation',
    labelNames: ['operation'] as const,
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry });
  }

  observeRequest(method: string, route: string, status: number, seconds: number): void {
    const labels = { method, route, status: String(status) };
    this.requests.inc(labels);
    this.requestSeconds.observe(labels, seconds);
  }

  /** Counts and times one run of a job; the job's own result or error passes through. */
  async observeJob<T>(job: JobName, work: () => Promise<T>): Promise<T> {
    const stop = this.jobSeconds.startTimer({ job });
    let outcome = 'failure';
    try {
      const result = await work();
      outcome = 'success';
      return result;
    } finally {
      stop({ outcome });
      this.jobRuns.inc({ job, outcome });
    }
  }

  objectStoreError(operation: string): void {
    this.objectStoreErrors.inc({ operation });
  }

  /** Connections of the MySQL pool in use and idle (SQLite has no pool: nothing is reported). */
  watchDatabasePool(dataSource: DataSource): void {
    const pool = () => (dataSource.driver as unknown as { pool?: Mysql2Pool }).pool;
    if (!pool()) return;
    new Gauge({
      name: 'atm_db_pool_connections',
      help: 'MySQL pool connections by state (in use, idle, limit)',
      labelNames: ['state'] as const,
      registers: [this.registry],
      collect() {
        const current = pool();
        const all = current?._allConnections?.length ?? 0;
        const idle = current?._freeConnections?.length ?? 0;
        this.set({ state: 'in_use' }, all - idle);
        this.set({ state: 'idle' }, idle);
        this.set({ state: 'limit' }, current?.config?.connectionLimit ?? 0);
      },
    });
  }
}

/** A plain HTTP server that answers GET /metrics from `metrics` and 404 to anything else. */
export async function startMetricsServer(metrics: AppMetrics, port: number, host?: string): Promise<Server> {
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    if (request.method !== 'GET' || (request.url ?? '').split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found: GET /metrics\n');
      return;
    }
    metrics.registry.metrics().then(
      (body) => response.writeHead(200, { 'Content-Type': metrics.registry.contentType }).end(body),
      (error: Error) => response.writeHead(500, { 'Content-Type': 'text/plain' }).end(`${error.message}\n`),
    );
  });
  server.listen(port, host);
  // Rejects on the server's 'error' (a port in use).
  await once(server, 'listening');
  return server;
}

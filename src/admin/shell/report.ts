/**
 * The error-reporting seam (SPEC §8: the error is reported as critical). Without a reporter installed the report goes
 * to the console; a monitoring service plugs in with setErrorReporter at start-up. Tests read window.__adminErrors.
 */
export interface ErrorReport {
  level: 'critical' | 'error';
  componentStack?: string;
}
type Reporter = (error: Error, report: ErrorReport) => void;

let reporter: Reporter = (error, report) => console.error(`[admin:${report.level}]`, error);

export function setErrorReporter(fn: Reporter): void {
  reporter = fn;
}

export function reportError(error: Error, report: ErrorReport): void {
  const w = window as unknown as { __adminErrors?: { message: string; level: string }[] };
  (w.__adminErrors ??= []).push({ message: error.message, level: report.level });
  reporter(error, report);
}

/** What the browser needs to report errors, as the server hands it over (a meta tag or GET /monitoring). */
export interface BrowserMonitoringConfig {
  dsn: string;
  /** Same-origin tunnel address, `/monitoring?o=&p=[&r=]`. */
  tunnel: string;
  release: string;
  environment: string;
  /** The member whose data the page shows (never an email). */
  userId?: string;
  /** Set while an admin acts as the member. */
  impersonating?: boolean;
}

/** Name of the meta tag on server-rendered pages: a JSON BrowserMonitoringConfig, or `off`. */
export const MONITORING_META = 'telaah-monitoring';

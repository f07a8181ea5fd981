/** The parser ships no types: what the metrics spec reads of its answer. */
declare module 'parse-prometheus-text-format' {
  interface ParsedMetric {
    labels?: Record<string, string>;
    value?: string;
    buckets?: Record<string, string>;
    count?: string;
    sum?: string;
  }
  interface ParsedFamily {
    name: string;
    help: string;
    type: string;
    metrics: ParsedMetric[];
  }
  export default function parsePrometheusTextFormat(text: string): ParsedFamily[];
}

// Reports of remote failures from players' pages, and their counts for operators (record 056).
export * from './endpoints/telemetry';

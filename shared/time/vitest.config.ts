import { defineProject } from 'vitest/config';

export default defineProject({ test: { name: 'time', environment: 'node', globals: true } });

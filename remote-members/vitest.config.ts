import { browserProject } from '../shared/kernel/vitest.browser-preset';

export default browserProject('remote-members');

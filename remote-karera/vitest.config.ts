import { browserProject } from '../shared/vitest.browser-preset';

export default browserProject('remote-karera');

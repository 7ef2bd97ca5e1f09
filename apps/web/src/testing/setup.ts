import { failOnConsole } from './console-guard';

failOnConsole();

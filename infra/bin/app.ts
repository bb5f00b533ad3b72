import { App } from 'aws-cdk-lib';
import { ConfigError, readConfig } from '../src/config';
import { createStacks } from '../src/create-stacks';
import { formatFindings, unacknowledgedFindings } from '../src/nag';

const app = new App();
try {
  createStacks(app, readConfig((key) => app.node.tryGetContext(key)));
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}
const assembly = app.synth();
// CDK fails the synth on cdk-nag errors by itself; warnings count too here.
const findings = unacknowledgedFindings(assembly.directory);
if (findings.length > 0) {
  console.error(`cdk-nag: ${findings.length} unacknowledged finding(s):\n${formatFindings(findings)}`);
  process.exit(1);
}

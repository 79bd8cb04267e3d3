// Loaded with `node --require` into the local peers' own processes (the SES and S3 servers, the
// mock LLM): the process ends when its standard input does, which happens when the process that
// started it is gone, even killed outright, so a killed test run leaves no peer holding its port.
// The platform's own services do the same through EXIT_WITH_PARENT (nest-kit's exitWithParent).
process.stdin.once('end', () => process.exit(0));
process.stdin.resume();

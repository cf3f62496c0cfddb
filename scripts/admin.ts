console.error('usage: npm run admin -- <command>');
process.exit(1);

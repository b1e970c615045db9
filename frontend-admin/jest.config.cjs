module.exports = require('../frontend-common/jest/preset.cjs')(__dirname, 'frontend-admin');

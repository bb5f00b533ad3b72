import { hashAtLowestCost } from '../src/auth/password';

// Every password the tests make is hashed at scrypt's lowest accepted cost (2^14), not production's
// 2^17: a stored hash names its cost, so sign-ins still run the real verification, 8 times faster.
hashAtLowestCost();

import { CreateTableCommand, DescribeTableCommand, ResourceInUseException, ResourceNotFoundException } from '@aws-sdk/client-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import { createTableInput, ensureTable } from './create-table';

/** A Db whose client answers each command with the next of `answers` (a value, or an error to throw), recording the command names. */
function stubbedDb(answers: unknown[]) {
  const sent: string[] = [];
  const db: Db = {
    table: 'interiors',
    doc: {
      send: async (command: object) => {
        sent.push(command.constructor.name);
        const answer = answers.shift();
        if (answer instanceof Error) throw answer;
        return answer;
      },
    } as unknown as DynamoDBDocumentClient,
  };
  return { db, sent };
}

const notFound = () => new ResourceNotFoundException({ message: 'Cannot do operations on a non-existent table', $metadata: {} });
const inUse = () => new ResourceInUseException({ message: 'Cannot create preexisting table', $metadata: {} });
const fullTable = () => ({ Table: { TableName: 'interiors', GlobalSecondaryIndexes: createTableInput('interiors').GlobalSecondaryIndexes } });

describe('ensureTable', () => {
  it('creates a missing table', async () => {
    const { db, sent } = stubbedDb([notFound(), {}]);
    expect(await ensureTable(db)).toBe(true);
    expect(sent).toEqual([DescribeTableCommand.name, CreateTableCommand.name]);
  });

  it("takes 'Cannot create preexisting table' after its own timed-out CreateTable for the table being there", async () => {
    const { db, sent } = stubbedDb([notFound(), inUse(), fullTable()]);
    expect(await ensureTable(db)).toBe(true);
    expect(sent).toEqual([DescribeTableCommand.name, CreateTableCommand.name, DescribeTableCommand.name]);
  });

  it('still fails when the table is said to exist but cannot be found, or on any other error', async () => {
    await expect(ensureTable(stubbedDb([notFound(), inUse(), notFound()]).db)).rejects.toThrow('Cannot create preexisting table');
    await expect(ensureTable(stubbedDb([notFound(), new Error('connection refused')]).db)).rejects.toThrow('connection refused');
  });
});

#!/usr/bin/python3
"""Dumps Matthew Henry's Concise Commentary (SWORD module MHCC, Debian's sword-comm-mhcc) as JSON
lines, read straight from the module's files: one line for the module, then one line for each
entry it stores, in the order stored. scripts/data/convert-commentary.ts turns the dump into the
app's data (decision 023). Usage: /usr/bin/python3 scripts/data/dump-mhcc.py > mhcc.jsonl

Why not diatheke or mod2imp: the module's conf says ModDrv=zCom4 (12-byte verse records) but its
.bzv files hold 10-byte records (block uint32, offset uint32, size uint16: plain zCom), so
SWORD 1.9 reads it wrongly ("Error reading ulCompOffset", Genesis 1:2 showing "Verses 3-5").
Here each record is read as it is stored:
  .bzs  per block: offset, compressed size, uncompressed size (uint32 LE each)
  .bzz  the blocks, zlib
  .bzv  per verse slot, in the KJV versification with heading slots (0 module, 1 testament, then
        each book's heading, and each chapter's heading before its verses): block, offset in the
        uncompressed block, size; an entry that covers several verses is stored once and each of
        its verses' slots points at it; a slot of size 0 has nothing of its own.

Lines:
  {"module": "MHCC", "version": ..., "debianVersion": ..., "licence": ..., "files": {name: sha256}}
  {"book": "Gen", "chapter": 1, "verses": [1, 2], "osis": "..."}   (verses: the slots pointing at
      the entry; chapter 0 / verse 0 are the book's and the chapter's heading slots; book null for
      the module's own heading slots)
  {"book": "1Sam", "chapter": 25, "verses": [], "osis": "..."}      (text stored in a block that no
      slot points at: two notes the module's index lost; given the chapter of the entry stored
      just before it)
"""
import hashlib
import json
import os
import struct
import subprocess
import sys
import zlib

from pysword.canons import canons

SWORD = '/usr/share/sword'
MODULE_DIR = os.path.join(SWORD, 'modules/comments/zcom/mhcc')
CONF = os.path.join(SWORD, 'mods.d/mhcc.conf')
RECORD = struct.Struct('<IIH')


def conf_value(name):
    with open(CONF, encoding='utf-8') as conf:
        for line in conf:
            if line.startswith(name + '='):
                return line.split('=', 1)[1].strip()
    return ''


def debian_version():
    try:
        return subprocess.run(['dpkg-query', '-W', '-f=${Version}', 'sword-comm-mhcc'],
                              capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return ''


def read(name):
    with open(os.path.join(MODULE_DIR, name), 'rb') as file:
        return file.read()


def slot_references(testament):
    """(book, chapter, verse) of every slot of a testament, in order."""
    references = [(None, 0, 0), (None, 0, 0)]
    for _name, osis, _abbreviation, lengths in canons['kjv'][testament]:
        references.append((osis, 0, 0))
        for chapter, count in enumerate(lengths, start=1):
            references.append((osis, chapter, 0))
            references.extend((osis, chapter, verse) for verse in range(1, count + 1))
    return references


def main():
    files = {}
    lines = []
    for testament in ('ot', 'nt'):
        names = {kind: f'{testament}.bz{kind}' for kind in 'svz'}
        data = {kind: read(name) for kind, name in names.items()}
        for kind, name in names.items():
            files[name] = hashlib.sha256(data[kind]).hexdigest()
        blocks = []
        for at in range(0, len(data['s']), 12):
            offset, compressed, size = struct.unpack_from('<III', data['s'], at)
            block = zlib.decompress(data['z'][offset:offset + compressed])
            if len(block) != size:
                raise SystemExit(f'{testament} block {len(blocks)}: {len(block)} bytes, not {size}')
            blocks.append(block)
        references = slot_references(testament)
        if len(data['v']) != len(references) * RECORD.size:
            raise SystemExit(f'{testament}.bzv: {len(data["v"])} bytes is not '
                             f'{len(references)} slots of {RECORD.size} bytes')
        # Each distinct entry once, with every slot that points at it.
        entries = {}
        for slot, reference in enumerate(references):
            block, offset, size = RECORD.unpack_from(data['v'], slot * RECORD.size)
            if size == 0:
                continue
            if block >= len(blocks) or offset + size > len(blocks[block]):
                raise SystemExit(f'{testament} slot {slot} points outside its block')
            entry = entries.setdefault((block, offset, size), {'references': []})
            entry['references'].append(reference)
        # Text stored in a block that no slot points at, between the entries around it.
        stored = sorted(entries)
        found = []
        for number, block in enumerate(blocks):
            at = 0
            inside = [key for key in stored if key[0] == number]
            for key in inside + [(number, len(block), 0)]:
                if key[1] > at and block[at:key[1]].strip():
                    before = [k for k in inside if k[1] + k[2] == at]
                    found.append(((number, at, key[1] - at), before[-1] if before else None))
                elif key[1] < at:
                    raise SystemExit(f'{testament} block {number}: entries overlap at {key[1]}')
                at = max(at, key[1] + key[2])
        for key, before in found:
            if before is None:
                raise SystemExit(f'{testament}: text at {key} with no entry stored before it')
            book, chapter, _verse = entries[before]['references'][-1]
            entries[key] = {'references': [], 'book': book, 'chapter': chapter}
        for key in sorted(entries):
            block, offset, size = key
            entry = entries[key]
            references = entry['references']
            if references:
                book, chapter = references[0][0], references[0][1]
                if any(r[0] != book or r[1] != chapter for r in references):
                    raise SystemExit(f'{testament}: entry {key} spans chapters: {references}')
            else:
                book, chapter = entry['book'], entry['chapter']
            lines.append({
                'book': book,
                'chapter': chapter,
                'verses': [r[2] for r in references],
                'osis': blocks[block][offset:offset + size].decode('utf-8'),
            })
    head = {
        'module': 'MHCC',
        'description': conf_value('Description'),
        'version': conf_value('Version'),
        'debianPackage': 'sword-comm-mhcc',
        'debianVersion': debian_version(),
        'licence': conf_value('DistributionLicense'),
        'files': files,
    }
    out = sys.stdout
    out.write(json.dumps(head, ensure_ascii=False) + '\n')
    for line in lines:
        out.write(json.dumps(line, ensure_ascii=False) + '\n')


main()

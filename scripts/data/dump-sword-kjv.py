#!/usr/bin/python3
"""Dumps the Strong's-tagged KJV SWORD module (Debian's sword-text-kjv, module engKJV2006eb) as
JSON lines, one verse a line: {"book": "Gen", "chapter": 1, "verse": 1, "osis": "<w ...>..."}.
Read with python3-pysword; scripts/data/convert-strongs.ts turns the dump into the app's data
(decision 023). Usage: /usr/bin/python3 scripts/data/dump-sword-kjv.py > kjv-strongs.jsonl"""
import json
import sys

from pysword.modules import SwordModules

modules = SwordModules('/usr/share/sword')
modules.parse_modules()
bible = modules.get_bible_from_module('engKJV2006eb')
structure = bible.get_structure()
for testament in ('ot', 'nt'):
    for book in structure.get_books()[testament]:
        for chapter in range(1, book.num_chapters + 1):
            verses = bible.get_iter(books=[book.osis_name], chapters=[chapter], clean=False)
            for number, osis in enumerate(verses, start=1):
                line = {'book': book.osis_name, 'chapter': chapter, 'verse': number, 'osis': osis}
                sys.stdout.write(json.dumps(line, ensure_ascii=False) + '\n')

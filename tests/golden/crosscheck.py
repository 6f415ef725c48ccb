#!/usr/bin/env python3
# Consistency aid for the hand-written golden expectations: re-reads
# apparmor_parser's own `-D rule-exprs` dump (never aamed) and reports queries
# whose expectation disagrees with a naive "allow minus deny" reading of the
# compiled rules. Exec transitions (missing px targets), link queries and
# complain-mode profiles are not modelled; disagreements there are expected.
# It never writes expectations.   Usage: python3 tests/golden/crosscheck.py
import re, subprocess, shlex, sys, glob, os
HERE=os.path.dirname(os.path.abspath(__file__))
ROOT=os.path.dirname(os.path.dirname(HERE))
PD=HERE+'/profiles'
CHILD={'g_exec':['kid','kid2'],'g_hat':['helper','web']}
profiles={}
for pf in sorted(glob.glob(PD+'/*.profile')):
    out=subprocess.run(['apparmor_parser','-Q','-D','rule-exprs','--features-file',ROOT+'/tests/features/debian-default','-I','/etc/apparmor.d',pf],stdout=subprocess.PIPE,stderr=subprocess.STDOUT,text=True).stdout
    base=os.path.basename(pf)[:-8]
    cur=top=base; profiles[base]=[]; inpol2=False; kids=sorted(CHILD.get(base,[]))
    for line in out.splitlines():
        if line.startswith('aare:') and inpol2:
            inpol2=False; name=kids.pop(0); cur=top+'//'+name; profiles[cur]=[]
            continue
        m=re.match(r'rule: (\S+)  ->  .*?( deny)? \((0x[0-9a-f]+)/',line)
        if not m: continue
        if m.group(1).startswith('\\d'):
            inpol2=bool(kids); continue
        if '\\x00/' in m.group(1) or '\\x00' in m.group(1).replace('[^/\\x00]','').replace('[^\\x00]',''): continue
        if not m.group(1).startswith('/') and not m.group(1).startswith('('): continue
        if not m.group(2) and int(m.group(3),16)==1: continue
        try: profiles[cur].append((re.compile(m.group(1)),bool(m.group(2)),int(m.group(3),16)))
        except re.error: pass
def perms(prof,path,owner):
    al=0;de=0
    for rx,deny,p in profiles[prof]:
        if rx.fullmatch(path):
            v=(p & 0x7f) if owner else ((p>>14)&0x7f)
            if deny: de|=v
            else: al|=v
    return al & ~de
LET={'x':1,'w':2,'r':4,'a':8,'l':0x10,'k':0x20,'m':0x40}
def ok(prof,path,req,owner):
    if prof=='unconfined': return True
    a=perms(prof,path,owner)
    for q in req:
        if q=='getattr': continue
        if q in('c','d','chmod','chown','setattr','write','w'): need=2
        elif q in('a','append'): 
            if a&(8|2): continue
            return False
        elif q in ('r','read'): need=4
        else: need=LET[q]
        if not a&need: return False
    return True
bad=0;n=0
for qf in sorted(glob.glob(HERE+'/queries/*.queries')):
    for i,line in enumerate(open(qf),1):
        if not line.strip() or line.startswith('#'): continue
        exp,q=line.rstrip('\n').split('\t',1)
        q=q.split(' #')[0]
        w=shlex.split(q)
        label='unconfined'; fsuid=ouid='0'; rest=[]; it=iter(w); target=None
        for x in it:
            if x=='--label': label=next(it)
            elif x=='--fsuid': fsuid=next(it)
            elif x=='--ouid': ouid=next(it)
            elif x=='--op': next(it)
            elif x=='--target': target=next(it)
            else: rest.append(x)
        label=re.sub(r' \(\w+\)$','',label)
        _,path,pm=rest
        if target or 'complain' in label or label.startswith('nscd'): continue
        req=pm.split(',') if (',' in pm or pm in('getattr','setattr','chmod','chown','read','write','append','open')) else list(pm)
        res=all(ok(l,path,req,fsuid==ouid) for l in label.split('//&'))
        n+=1
        if ('ALLOWED' if res else 'DENIED')!=exp.split()[0]:
            bad+=1; print(f'{os.path.basename(qf)}:{i}: exp {exp} chk {res}: {q}')
print(n,'checked',bad,'disagree')

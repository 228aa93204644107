#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""make_seeds.py FAMILY VECTORS OUTDIR: writes seed inputs for one
differential fuzzer (test/fuzz/fuzz_FAMILY.cpp) from the test vectors in
VECTORS (test/vectors): each seed is the fuzzer's program for one
vector -- the algorithm by name, its key, IV/nonce, AAD and message -- in
the byte layout the fuzzer's Reader reads (fuzz_support.h).  Existing files
are kept, so a corpus grown by earlier runs stays."""
import gzip
import hashlib
import json
import os
import struct
import sys

MAX_SEEDS = 120  # per source file: enough to start every algorithm


def u16(n):
    return struct.pack(">H", n)


def name(text):
    raw = text.encode()
    return bytes([len(raw)]) + raw


def stanzas(path):
    """OpenSSL evp_test stanzas as dicts (keys case as written)."""
    opener = gzip.open if path.endswith(".gz") else open
    cur = {}
    with opener(path, "rt") as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith("#"):
                if cur:
                    yield cur
                cur = {}
                continue
            if "=" in line:
                k, v = (x.strip() for x in line.split("=", 1))
                cur.setdefault(k, v)
    if cur:
        yield cur


def hexval(v):
    v = v.strip().strip('"')
    try:
        return bytes.fromhex(v)
    except ValueError:
        return v.encode()


EVP_NAMES = {"CHACHA20": "ChaCha20", "CHACHA20-POLY1305": "ChaCha20-Poly1305"}


def cipher_seeds(vec):
    for f in ("evpciph_aes_common.txt", "evpciph_sm4.txt", "evpciph_chacha.txt"):
        n = 0
        for s in stanzas(os.path.join(vec, "openssl-evp", f)):
            if "Cipher" not in s or "Tag" in s or "AAD" in s or "Key" not in s:
                continue
            alg = EVP_NAMES.get(s["Cipher"].upper(), s["Cipher"].upper())
            msg = hexval(s.get("Plaintext", ""))[:699]
            prog = name(alg) + bytes([0, 0x03]) + hexval(s["Key"]) + hexval(s.get("IV", ""))
            prog += bytes([2]) + u16(len(msg)) + msg + bytes([4, 5])
            yield prog
            n += 1
            if n >= MAX_SEEDS:
                break


def aead_message(mode, key, iv, aad, msg, taglen):
    out = bytes([0]) + key
    if mode == "ccm":
        out += u16(len(iv) - 7) + iv + u16((taglen - 4) // 2)
    elif mode == "gcm":
        out += u16(len(iv) - 1) + iv + u16(taglen - 4)
    else:
        out += iv
    aad, msg = aad[:299], msg[:599]
    out += u16(len(aad)) + aad + u16(len(msg)) + msg
    if mode != "ccm":
        out += u16(0)  # one payload update
    out += bytes([0])  # the right tag
    if mode != "ccm":
        out += u16(0)
    return out


def aead_seeds(vec):
    sources = [("aes_gcm_test.json", "AES-%d-GCM", "gcm"),
               ("chacha20_poly1305_test.json", "ChaCha20-Poly1305", "chacha"),
               ("sm4_gcm_test.json", "SM4-GCM", "gcm"), ("sm4_ccm_test.json", "SM4-CCM", "ccm")]
    for f, pattern, mode in sources:
        doc = json.load(open(os.path.join(vec, "wycheproof", f)))
        n = 0
        for g in doc["testGroups"]:
            alg = pattern % g["keySize"] if "%d" in pattern else pattern
            for t in g["tests"]:
                iv = bytes.fromhex(t["iv"])
                if mode == "gcm" and not 1 <= len(iv) <= 32 or mode == "ccm" and not 7 <= len(iv) <= 13:
                    continue
                if mode == "chacha" and len(iv) != 12 or t["result"] == "invalid":
                    continue
                yield name(alg) + aead_message(mode, bytes.fromhex(t["key"]), iv,
                                               bytes.fromhex(t["aad"]), bytes.fromhex(t["msg"]),
                                               g["tagSize"] // 8)
                n += 1
                if n >= MAX_SEEDS:
                    break
            if n >= MAX_SEEDS:
                break
    n = 0
    for s in stanzas(os.path.join(vec, "openssl-evp", "evpciph_aes_ccm_cavs.txt")):
        n += 1
        if n % 20 == 0 and "Tag" in s and "Key" in s and "IV" in s and s.get("Cipher", "").upper().endswith("CCM"):
            aad = hexval(s.get("AAD", ""))
            yield name(s["Cipher"].upper()) + aead_message(
                "ccm", hexval(s["Key"]), hexval(s["IV"]), aad, hexval(s.get("Plaintext", "")),
                len(hexval(s["Tag"])))


DIGESTS = {"SHA1": None, "SHA224": "SHA2-224", "SHA256": "SHA2-256", "SHA384": "SHA2-384",
           "SHA512": "SHA2-512"}


def digest_seeds(vec):
    for s in stanzas(os.path.join(vec, "openssl-evp", "evpmd_sha.txt")):
        alg = s.get("Digest", "").upper()
        alg = DIGESTS.get(alg, alg)
        if not alg or "Input" not in s:
            continue
        msg = hexval(s["Input"])[:999]
        yield name(alg) + bytes([0, 2]) + u16(len(msg)) + msg + bytes([4])
    for s in stanzas(os.path.join(vec, "openssl-evp", "evpmd_sm3.txt")):
        if "Input" in s:
            msg = hexval(s["Input"])[:999]
            yield name("SM3") + bytes([0, 2]) + u16(len(msg)) + msg + bytes([4])


MAC_FILES = [("hmac_sha256_test.json", "HMAC-SHA2-256"), ("hmac_sha384_test.json", "HMAC-SHA2-384"),
             ("hmac_sha3_256_test.json", "HMAC-SHA3-256"), ("hmac_sha3_512_test.json", "HMAC-SHA3-512"),
             ("hmac_sha512_256_test.json", "HMAC-SHA2-512/256"), ("hmac_sm3_test.json", "HMAC-SM3"),
             ("aes_cmac_test.json", "CMAC-AES-%d-CBC"), ("aes_gmac_test.json", "GMAC-AES-%d-GCM")]
KEY_MIN = {"HMAC": 0, "CMAC": None, "GMAC": None}


def mac_seeds(vec):
    for f, pattern in MAC_FILES:
        doc = json.load(open(os.path.join(vec, "wycheproof", f)))
        n = 0
        for g in doc["testGroups"]:
            for t in g["tests"]:
                key = bytes.fromhex(t["key"])
                alg = pattern % (len(key) * 8) if "%d" in pattern else pattern
                if alg not in ("CMAC-AES-128-CBC", "CMAC-AES-192-CBC", "CMAC-AES-256-CBC",
                               "GMAC-AES-128-GCM", "GMAC-AES-256-GCM") and not alg.startswith("HMAC"):
                    continue
                if alg.startswith("HMAC") and len(key) > 200:
                    continue
                prog = name(alg) + bytes([0]) + u16(len(key) if alg.startswith("HMAC") else 0) + key
                if alg.startswith("GMAC"):
                    iv = bytes.fromhex(t["iv"])
                    if not 1 <= len(iv) <= 32:
                        continue
                    prog += u16(len(iv) - 1) + iv
                msg = bytes.fromhex(t["msg"])[:999]
                yield prog + bytes([2]) + u16(len(msg)) + msg + bytes([4])
                n += 1
                if n >= MAX_SEEDS // 2:
                    break
            if n >= MAX_SEEDS // 2:
                break


def mlkem_seeds(vec):
    base = os.path.join(vec, "mlkem", "acvp")
    prompt = json.load(open(os.path.join(base, "ML-KEM-keyGen-FIPS203", "prompt.json")))
    for g in prompt["testGroups"]:
        for t in g["tests"][:8]:
            seed = bytes.fromhex(t["d"]) + bytes.fromhex(t["z"])
            m = hashlib.sha256(seed).digest()
            yield name(g["parameterSet"]) + bytes([0]) + seed + m + bytes([1, 0, 7])
    enc = json.load(open(os.path.join(base, "ML-KEM-encapDecap-FIPS203", "prompt.json")))
    for g in enc["testGroups"]:
        for t in g["tests"][:6]:
            if "ek" in t and "m" in t:
                ek = bytes.fromhex(t["ek"])
                yield name(g["parameterSet"]) + bytes([2]) + ek + bytes.fromhex(t["m"])
            if "dk" in t and "c" in t:
                dk = bytes.fromhex(t["dk"])
                yield name(g["parameterSet"]) + bytes([0x12]) + dk + bytes(32)


def x25519_seeds(vec):
    doc = json.load(open(os.path.join(vec, "wycheproof", "x25519_test.json")))
    for g in doc["testGroups"]:
        for i, t in enumerate(g["tests"]):
            priv, pub = bytes.fromhex(t["private"]), bytes.fromhex(t["public"])
            yield priv + pub
            if i < 16:  # RFC 8410 DER of a few keys, for the decoders
                yield bytes.fromhex("302a300506032b656e032100") + pub
                yield bytes.fromhex("302e020100300506032b656e04220420") + priv


def main():
    family, vec, out = sys.argv[1:4]
    os.makedirs(out, exist_ok=True)
    gen = {"cipher": cipher_seeds, "aead": aead_seeds, "digest": digest_seeds, "mac": mac_seeds,
           "mlkem": mlkem_seeds, "x25519": x25519_seeds}[family]
    count = 0
    for prog in gen(vec):
        path = os.path.join(out, "seed-" + hashlib.sha1(prog).hexdigest())
        if not os.path.exists(path):
            with open(path, "wb") as f:
                f.write(prog)
        count += 1
    print("make_seeds: %d %s seeds from %s" % (count, family, vec))


if __name__ == "__main__":
    main()

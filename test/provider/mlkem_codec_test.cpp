// ML-KEM key encoders and decoders on armaccel through OpenSSL's
// OSSL_ENCODER / OSSL_DECODER and PEM APIs:
//  - outside values: the example keys of the IETF LAMPS document
//    draft-ietf-lamps-kyber-certificates, appendix C (seed 000102...3f):
//    the three public keys (C.2), the ML-KEM-512 private key in the seed,
//    expanded and both forms (C.1.1), inconsistent keys built as C.4
//    describes them; and NIST ACVP keyGen cases (seed d || z -> ek, dk)
//    wrapped in the DER the document specifies;
//  - round trips in DER and PEM for the three sizes and every private-key
//    form, chosen through the provider's ml-kem.output_formats setting,
//    encrypted PKCS#8 and the text output;
//  - malformed input refused with armaccel's reasons, other algorithms'
//    keys left to other decoders, ml-kem.input_formats honoured.
#include <gtest/gtest.h>
#include <openssl/core_names.h>
#include <openssl/decoder.h>
#include <openssl/encoder.h>
#include <openssl/pem.h>

#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "ossl_helpers.h"
#include "test_support.h"

namespace armaccel::test {
namespace {

struct PkeyFree {
  void operator()(EVP_PKEY* p) const { EVP_PKEY_free(p); }
};
using PkeyPtr = std::unique_ptr<EVP_PKEY, PkeyFree>;
struct LibCtxFree {
  void operator()(OSSL_LIB_CTX* c) const { OSSL_LIB_CTX_free(c); }
};
using LibCtxPtr = std::unique_ptr<OSSL_LIB_CTX, LibCtxFree>;

const char* const kAlgs[] = {"ML-KEM-512", "ML-KEM-768", "ML-KEM-1024"};

struct Sizes {
  std::size_t k, ek, dk;
};
Sizes sizes(const std::string& alg) {
  if (alg == "ML-KEM-512") return {2, 800, 1632};
  if (alg == "ML-KEM-768") return {3, 1184, 2400};
  return {4, 1568, 3168};
}
// The last arc of id-alg-ml-kem-N (2.16.840.1.101.3.4.4.1/2/3).
std::uint8_t oid_arc(const std::string& alg) {
  return static_cast<std::uint8_t>(sizes(alg).k - 1);
}

// ---- appendix C of draft-ietf-lamps-kyber-certificates -------------------

// C.1.x.1: the seed form of each size.  The three differ only in the OID's
// last arc (the "BAQB"/"BAQC"/"BAQD" in the first line).
std::string draft_seed_pem(const std::string& alg) {
  const char arc = "BCD"[oid_arc(alg) - 1];
  return std::string("-----BEGIN PRIVATE KEY-----\nMFQCAQAwCwYJYIZIAWUDBAQ") + arc +
         "BEKAQAABAgMEBQYHCAkKCwwNDg8QERITFBUWFxgZ\n"
         "GhscHR4fICEiIyQlJicoKSorLC0uLzAxMjM0NTY3ODk6Ozw9Pj8=\n"
         "-----END PRIVATE KEY-----\n";
}

// C.1.1.2: ML-KEM-512, expanded form.
const char kDraft512ExpandedPem[] = R"(-----BEGIN PRIVATE KEY-----
MIIGeAIBADALBglghkgBZQMEBAEEggZkBIIGYHBVT9Q2NE8nhbGzsbrBhLZnkAMz
bCbxWn3oeMSCXGvgPzxKSA91t0hqrTHToAUYYj/SB6tSjdYnIUlYNa4AYsNnt0px
uvEKrQ6KKQIHa+MTSL6xXMwJV83rtK/yJnVrvGAbZWireErLrrNHAvD4aiYgIRiy
KyP4NVh3bHnBTbqYM3nIA+DcwxYKEXVwMOacaRl5jYHraYqaRIOpnlpcssMcmmYX
mfPMiceQcG6gQWKQRdQqg67YiGDjlMaRh+IQXSjMFOw5NZLWfdAKpD/otOrkQUAC
hmtccTxqjX0Wz3i4GdbxLp5adCM5CPCxXjxLqDKcXN2lXISSjjqoBj5aqWdkA/kX
NbEQEMf1kwkTZNyGRFvIBIQKmiFyQhJGn4p7DOCsaY64bK05p/SCTZpRY6rCHuaA
iwU8ij+ssLZ0S1Jiu8smpD9mTIcytkz8es8JlgX0HHlgYJdqxDODP+ADQ/sYKDAK
QkdBEW5LRbsnbqgRKaDbTG5gvOYREB6MYlR0kl4CImeTCKPncI0Zcqe0I+sjKFHD
bS7VPT7Tu3UAY3BhpdwikvocRmwHNUaDMovsLB7Sy1yZt47KCWkDjPfDTdEYck4x
yuCGIGs0MCtSD10Xet7Vs8zgKszoCOomvMByYl/bk/F0WKX8HU2jlDgKH1fpzGYQ
lDigdfDSgT/MShmcx22zgj8nCwBhWUGSlAQRo3/7r64sFQFlzsXGv3PFlfuSzRUx
JgfaBwd4ZSvZlEvEi8fRpTQzi60LrWZWxdUCznhQqxWHJE7rWPQ5q14IV0pxjIqs
PXfHmLuhVCczvnNEjyP7cMDlNTonyIMixSGEk6+7OAhkNNbWCla6iH3UmMOrJqCH
CZOBWqakCXXyGK3KFYLWT/yGUvuzqab7wwT5GUX6Sq7yh4/XFd9wET0jefRIhvgS
yD/ytxmmnh7HSuSxWszTrtWlPOdqewmCRxYzuXPLQKGgAV0KQk+hGkecAjAXQ20q
KQDpk+taCgZ0AMf0qt8gH8T6MSZKY7rpXMjWXDmVgV5ZfRBDVc8pqlMzyTJRhp1b
zb5IcST2Ari2pmwWxHYWSK12XPXYAGtRXpBafwrAdrDGLvoygVPnylcBaZ8TBfHm
vG+QsOSbaTUSts6ZKouAFt38GmYsfj+WGcvYad13GvMIlszVkYrGy3dGbF53mZbW
f/mqvJdQPyx7fi0ADYZFD7GAfKTKvaRlgloxx4mht6SRqzhydl0yDQtxkg+iE8lA
k0Frg7gSTmn2XmLLUADcw3qpoP/3OXDEdy81fSQYnKb1MFVowOI3ajdipoxgXlY8
XSCVcuD8dTLKKUcpU1VntfxBPF6HktJGRTbMgI+YrddGZPFBVm+QFqkKVBgpqYoE
ZM5BqLtEwtT6PCwglGByjvFKGnxMm5jRIgO0zDUpFgqasteDj3/2tTrgWqMafWRr
evpsRZMlJqPDdVYZvplMIRwqMcBbNEeDbLIVC+GCna5rBMVTXP9Ubjkrp5dBFyD5
JPSQpaxUlfITVtVQt4KmTBaItrZVvMeEIZekNML2Vjtbfwmni8xIgjJ4NWHRb0y6
tnVUAAUHgVcMZmBLgXrRJSKUc26LAYYaS1p0UZuLb+UUiaUHI5Llh2JscTd2V10z
gGocjicyr5fCaA9RZmMxxOuLvAQxxPloMtrxs8RVKPuhU/bHixwZhwKUfM0zdyek
b7U7oR3ly0GRNGhZUWy2rXJADzzyCbI2rvNaWArIfrPjD6/WaXPKin3SZ1r0H3oX
thQzzRr4D3cIhp9mVIhJeYCxrBCgzctjagDthoGzXkKRJMqANQcluF+DperDpKPM
FgCQPmUpNWC5szblrw1SnawaBIEZMCy3qbzBELlIUb8CEX8ZncSFqFK3Rz8JuDGm
gx1bVMC3kNIlz2u5LZRiomzbM92lEjx6rw4moLg2Ve6ii/OoB0clAY/WuuS2Ac9h
uqtxp6PTUZejQ+dLSicsEl1UCJZCbYW3lY07OKa6mH7DciXHtEzbEt3kU5tKsII2
NoPwS/egnMXEHf6DChsWLgsyQzQ2LwhKFEZ3IzRLrdAA+NjFN8SPmY8FMHzr0e3g
uBw7xZoGWhttY7JsgvEB/2SAY7N24rtsW3RV9lWlDC/q2t4VDvoODm82WuogISIj
JCUmJygpKissLS4vMDEyMzQ1Njc4OTo7PD0+Pw==
-----END PRIVATE KEY-----
)";

// C.1.1.3: ML-KEM-512, both forms.
const char kDraft512BothPem[] = R"(-----BEGIN PRIVATE KEY-----
MIIGvgIBADALBglghkgBZQMEBAEEggaqMIIGpgRAAAECAwQFBgcICQoLDA0ODxAR
EhMUFRYXGBkaGxwdHh8gISIjJCUmJygpKissLS4vMDEyMzQ1Njc4OTo7PD0+PwSC
BmBwVU/UNjRPJ4Wxs7G6wYS2Z5ADM2wm8Vp96HjEglxr4D88SkgPdbdIaq0x06AF
GGI/0gerUo3WJyFJWDWuAGLDZ7dKcbrxCq0OiikCB2vjE0i+sVzMCVfN67Sv8iZ1
a7xgG2Voq3hKy66zRwLw+GomICEYsisj+DVYd2x5wU26mDN5yAPg3MMWChF1cDDm
nGkZeY2B62mKmkSDqZ5aXLLDHJpmF5nzzInHkHBuoEFikEXUKoOu2Ihg45TGkYfi
EF0ozBTsOTWS1n3QCqQ/6LTq5EFAAoZrXHE8ao19Fs94uBnW8S6eWnQjOQjwsV48
S6gynFzdpVyEko46qAY+WqlnZAP5FzWxEBDH9ZMJE2TchkRbyASECpohckISRp+K
ewzgrGmOuGytOaf0gk2aUWOqwh7mgIsFPIo/rLC2dEtSYrvLJqQ/ZkyHMrZM/HrP
CZYF9Bx5YGCXasQzgz/gA0P7GCgwCkJHQRFuS0W7J26oESmg20xuYLzmERAejGJU
dJJeAiJnkwij53CNGXKntCPrIyhRw20u1T0+07t1AGNwYaXcIpL6HEZsBzVGgzKL
7Cwe0stcmbeOyglpA4z3w03RGHJOMcrghiBrNDArUg9dF3re1bPM4CrM6AjqJrzA
cmJf25PxdFil/B1No5Q4Ch9X6cxmEJQ4oHXw0oE/zEoZnMdts4I/JwsAYVlBkpQE
EaN/+6+uLBUBZc7Fxr9zxZX7ks0VMSYH2gcHeGUr2ZRLxIvH0aU0M4utC61mVsXV
As54UKsVhyRO61j0OateCFdKcYyKrD13x5i7oVQnM75zRI8j+3DA5TU6J8iDIsUh
hJOvuzgIZDTW1gpWuoh91JjDqyaghwmTgVqmpAl18hityhWC1k/8hlL7s6mm+8ME
+RlF+kqu8oeP1xXfcBE9I3n0SIb4Esg/8rcZpp4ex0rksVrM067VpTznansJgkcW
M7lzy0ChoAFdCkJPoRpHnAIwF0NtKikA6ZPrWgoGdADH9KrfIB/E+jEmSmO66VzI
1lw5lYFeWX0QQ1XPKapTM8kyUYadW82+SHEk9gK4tqZsFsR2Fkitdlz12ABrUV6Q
Wn8KwHawxi76MoFT58pXAWmfEwXx5rxvkLDkm2k1ErbOmSqLgBbd/BpmLH4/lhnL
2GnddxrzCJbM1ZGKxst3Rmxed5mW1n/5qryXUD8se34tAA2GRQ+xgHykyr2kZYJa
MceJobekkas4cnZdMg0LcZIPohPJQJNBa4O4Ek5p9l5iy1AA3MN6qaD/9zlwxHcv
NX0kGJym9TBVaMDiN2o3YqaMYF5WPF0glXLg/HUyyilHKVNVZ7X8QTxeh5LSRkU2
zICPmK3XRmTxQVZvkBapClQYKamKBGTOQai7RMLU+jwsIJRgco7xShp8TJuY0SID
tMw1KRYKmrLXg49/9rU64FqjGn1ka3r6bEWTJSajw3VWGb6ZTCEcKjHAWzRHg2yy
FQvhgp2uawTFU1z/VG45K6eXQRcg+ST0kKWsVJXyE1bVULeCpkwWiLa2VbzHhCGX
pDTC9lY7W38Jp4vMSIIyeDVh0W9MurZ1VAAFB4FXDGZgS4F60SUilHNuiwGGGkta
dFGbi2/lFImlByOS5YdibHE3dlddM4BqHI4nMq+XwmgPUWZjMcTri7wEMcT5aDLa
8bPEVSj7oVP2x4scGYcClHzNM3cnpG+1O6Ed5ctBkTRoWVFstq1yQA888gmyNq7z
WlgKyH6z4w+v1mlzyop90mda9B96F7YUM80a+A93CIafZlSISXmAsawQoM3LY2oA
7YaBs15CkSTKgDUHJbhfg6Xqw6SjzBYAkD5lKTVgubM25a8NUp2sGgSBGTAst6m8
wRC5SFG/AhF/GZ3EhahSt0c/CbgxpoMdW1TAt5DSJc9ruS2UYqJs2zPdpRI8eq8O
JqC4NlXuoovzqAdHJQGP1rrktgHPYbqrcaej01GXo0PnS0onLBJdVAiWQm2Ft5WN
Ozimuph+w3Ilx7RM2xLd5FObSrCCNjaD8Ev3oJzFxB3+gwobFi4LMkM0Ni8IShRG
dyM0S63QAPjYxTfEj5mPBTB869Ht4LgcO8WaBlobbWOybILxAf9kgGOzduK7bFt0
VfZVpQwv6treFQ76Dg5vNlrqICEiIyQlJicoKSorLC0uLzAxMjM0NTY3ODk6Ozw9
Pj8=
-----END PRIVATE KEY-----
)";

// C.2: the public keys of the three seed-form keys above.
const char kDraftPub512[] = R"(-----BEGIN PUBLIC KEY-----
MIIDMjALBglghkgBZQMEBAEDggMhADmVgV5ZfRBDVc8pqlMzyTJRhp1bzb5IcST2
Ari2pmwWxHYWSK12XPXYAGtRXpBafwrAdrDGLvoygVPnylcBaZ8TBfHmvG+QsOSb
aTUSts6ZKouAFt38GmYsfj+WGcvYad13GvMIlszVkYrGy3dGbF53mZbWf/mqvJdQ
Pyx7fi0ADYZFD7GAfKTKvaRlgloxx4mht6SRqzhydl0yDQtxkg+iE8lAk0Frg7gS
Tmn2XmLLUADcw3qpoP/3OXDEdy81fSQYnKb1MFVowOI3ajdipoxgXlY8XSCVcuD8
dTLKKUcpU1VntfxBPF6HktJGRTbMgI+YrddGZPFBVm+QFqkKVBgpqYoEZM5BqLtE
wtT6PCwglGByjvFKGnxMm5jRIgO0zDUpFgqasteDj3/2tTrgWqMafWRrevpsRZMl
JqPDdVYZvplMIRwqMcBbNEeDbLIVC+GCna5rBMVTXP9Ubjkrp5dBFyD5JPSQpaxU
lfITVtVQt4KmTBaItrZVvMeEIZekNML2Vjtbfwmni8xIgjJ4NWHRb0y6tnVUAAUH
gVcMZmBLgXrRJSKUc26LAYYaS1p0UZuLb+UUiaUHI5Llh2JscTd2V10zgGocjicy
r5fCaA9RZmMxxOuLvAQxxPloMtrxs8RVKPuhU/bHixwZhwKUfM0zdyekb7U7oR3l
y0GRNGhZUWy2rXJADzzyCbI2rvNaWArIfrPjD6/WaXPKin3SZ1r0H3oXthQzzRr4
D3cIhp9mVIhJeYCxrBCgzctjagDthoGzXkKRJMqANQcluF+DperDpKPMFgCQPmUp
NWC5szblrw1SnawaBIEZMCy3qbzBELlIUb8CEX8ZncSFqFK3Rz8JuDGmgx1bVMC3
kNIlz2u5LZRiomzbM92lEjx6rw4moLg2Ve6ii/OoB0clAY/WuuS2Ac9huqtxp6PT
UZejQ+dLSicsEl1UCJZCbYW3lY07OKa6mH7DciXHtEzbEt3kU5tKsII2NoPwS/eg
nMXEHf6DChsWLgsyQzQ2LwhKFEZ3IzRLrdAA+NjFN8SPmY8FMHzr0e3guBw7xZoG
WhttY7Js
-----END PUBLIC KEY-----
)";
const char kDraftPub768[] = R"(-----BEGIN PUBLIC KEY-----
MIIEsjALBglghkgBZQMEBAIDggShACmKoQ1CPI3aBp0CvFnmzfA6CWuLPaTKubgM
pKFJB2cszvHsT68jSgvFt+nUc/KzEzs7JqHRdctnp4BZGWmcAvdlMbmcX4kYBwS7
TKRTXFuJcmecZgoHxeUUuHAJyGLrj1FXaV77P8QKne9rgcHMAqJJrk8JStDZvTSF
wcHGgIBSCnyMYyAyzuc4FU5cUXbAfaVgJHdqQw/nbqz2ZaP3uDIQIhW8gvEJOcg1
VwQzao+sHYHkuwSFql18dNa1m75cXpcqDYusQRtVtdVVfNaAoaj3G064a8SMmgUJ
cxpUvZ1ykLJ5Y+Q3Lcmxmc/crAsBrNKKYjlREuTENkjWIsSMgjTQFEDozDdskn8j
pa/JrAR0xmInTkJFJchVLs47P+JlFt6QG8fVFb3olVjmJslcgLkzQvgBAATznmxs
lIccXjRMqzlmyDX5qWpZr9McQChrOLHBp4RwurlHUYk0RTzoZzapGfH1ptUQqG9U
VPw5gMtcdlvSvV97NrFBDWY1yM60fE3aDXaijqyTnHHDAkgEhmxxYmZYRCFjwsIh
F+UKzvzmN4qYVlIwKk7wws4Mxxa3eW4ray43d9+hrD2iWaMbWptTD4y2OKgaYqww
GEmrr5WnMBvaMAaJCb/bfmfbzLs4pVUaJbGjoPaFdIrVdT2IgPABbGJ0hhZjhMVX
H+I2WQA2TQODEeLYdds2ZoaTK17GAkMKNp6Hpu9cM4eGZXglvUwFes65I+sJNeaQ
XmO0ztf4CFenc91ksVDSZhLqmsEgUtsgF78YQ8y0sygbaQ3HKK36hcACgbjjwJKH
M1+Fa0/CiS9povV5Ia2gGRTECYhmLVd2lmKnhjUbm2ZJPat5WU2YbeIQDWW6D/Tq
WLgVONJKRDWiWPrCVASqf0H2WLE4UGXhWNy2ARVzJyD0BFmqrBXkBpU6kKxSmX0c
zQcAYO/GXbnmUzVEZ/rVbscTyG51QMQjrPJmn1L6b0rGiI2HHvPoR8ApqKr7uS4X
skqgebH0GbphdbRCr7EZCdSla3CgM1soc5IYqnyTSOLDwvPrPRWkHmQXwN2Uv+sh
QZsxGnuxOhgLvoMyGKmmsXRHzIXyJYWVh6cwdwSay8/UTQ8CVDjhXRU4Jw1Ybhv4
MZKpRZz2PA6XL4UpdnmDHs8SFQmFHLg0D28Qew+hoO/Rs2qBibwIXE9ct4TlU/Qb
kY+AOXzhlW94W+43fKmqi+aZitowwmt8PYxrVSVMyWIDsgxCruCsTh67QI5JqeP4
edCrB4XrcCVCXRMFoimcAV4SDRY7DhlJTOVyU9AkbRgnRcuBl6t0OLPBu3lyvsWj
BuujVnhVwBRpn+9lrlTHcKDYXBhADPZCrtxmB3e6SxOFAr1aeBL2IfhKSClrmN1D
IrbxWCi4qPDgCoukSlPDqLFDVxsHQKvVZ9rxzenHnCBLbV4lnRdmoxu7y05qBc9F
AhdrMBwcL0Ekd1AVe87IXoCbMKTWDXdHzdD1uZqoyCaYdRd5OqqAgKCxJKhVjfcr
vje3X07btr6CFtbGM/srIoDiURPYaV5DSBw+6zl+sZJQUim2eiAeqJPD4ssy2ovD
QvpN6gV4
-----END PUBLIC KEY-----
)";
const char kDraftPub1024[] = R"(-----BEGIN PUBLIC KEY-----
MIIGMjALBglghkgBZQMEBAMDggYhAEuUwpRQERGRgjs1FMmsHqPZglzLhjk6LfsE
ZU+iGS03v60cSXxlAu7lyoCnO/zguvWlSohYWkATl6PSMvQmp6+wgrwhpEMXCQ6q
x1ksLqiKZTxEkeoZOTEzX1LpiaPEzFbZxVNzLVfEcPtBq3WbZdLQREU4L82cTjRK
ESj6nhHgQ1jhku0BSyMjKn7isi4jcX9EER7jNXU5nDdkbamBPsmyEq/pTl3FwjMK
cpTMH0I0ptP7tPFoWriJLASssXzRwXDXsGEbanF2x5TMjGf1X8kjwq0gMQDzZZkY
gsMCQ9d4E4Q7XsfJZAMiY3BgkuzwDHUWvmTkWYykImwGm7XmfkF1zyKGyN1cSIps
WGHzG6oL0CaUcOi1Ud07zTjIbBL5zbF2x33ItsAqcB9HiQLIVT9pTA2CcntMSlws
EEEhKqEnSAi4IRGzd+x1IU6bGXj3YATUE52YYT9LjpjSCve1NAc6UJqVm3p1ZPm0
DKIYv2GCkyCoUCAXlU0yjXrGx2nsKXAHVuewaFs0DV4RgFlQSkmppQoQGY6xCleE
Z460J9e0uruVUpM7BiiXlz4TGOrwoOrDdYSmVAGxcD4EKszYN1MUg/JBytzRwdN4
EZ5pRCnbGZrIkeTFNDdXCFuzrng2ZzUMRFjZdnLoYegLHSZ5UQ6jpvI2DHekaULH
oGpVTSKAgMhLR67xTbF2IMsWwGqzChvkzacIK+n4fpwhHEaRY0mluo6qUgHHKUo8
CIW1O2V0UhCIJexkbJCgRhIyTufQMa/lNDEyy+9ntu+xpewoCbdzU4znez2LBOsL
PCJWAR5McWwZqLoHUr9xSSEXZJ8GFcMpD8KaRv3kvVLbkobWAziCRCWcFaesK2QK
YMwDN2pYQaP7ikc1aPqbGiZyFfNMAWl7Dw5icXXXIQW3cHwpueYUvcM6b2yBipU3
C0J4gte0dnlqnsbrmTJ0zZsjkagrpF4zk9Lprpchyp1sG5iLWCdxP5CmWF3pQzUo
wCsDzhC7X3IBOND7tMMMEma5GOUpJd/hezf5XSK8pU9HWRmshZCYwPDQisWHXvKb
Vv0UHm7xX3AKC2bzlZXFiBdzc8RmmyG8Bx5MOqXwtKMbYljzXaJKw80px/IJJBDF
B4NVsTj7U6a5rm4LnAgkPnuqRcRzduuMfxPUz1Gqc2+jFUDJJB83DaVEv5+cKNml
fi8qfKlaTktGbmQas7zHat8ROdVnpvErUvOmXn7AquJryqjFWDOwTlmZjryaGTD7
ttIjPFPSwfi5UY48Lec6Gd7ms4Clsylxz2ThKf1sH6bnXUojRQHpZt06VAr1yPTz
SmtKJT7ihJJWbV5nxvVYVfywUG+wbBVnRNmgOjGib6lMrRTxV7fzA9B6acdzdo/L
TQecCQWXA6DDqU3kuZ6jovFlg9D5Fwo5UNsHtPC8MIApJ/n3lhtiWYkmNqlQKicF
MDY3eZ3TRNpFHBz3v2eEDOsweauMa4wZJ/ZAU8YSRQxFyeYDvBZmbllrNHHhA7bx
VEdCTRcCIEgRH/vTfhxnD2TxS4p7MrlMGkm0XdL8OM1SidkQrWNgLPXhMELGSsZ5
e4n7VRrQjgWpLSAMzLfnEu8jyTEss1DwKatTfihzR/0wdawQkGp4PxxsB8y4j0Ei
jEvhxkD3kLXDpdXTynkklddLxGFWJljAesYAJ2uSSrW8m+HwSUy3b4L0YKdICXJm
M4HhaZlgYdeZhZ7FTU9cpcQRwB2xWXsWWXdmneE6koo0r7rCWP6oxHZCOclCHcMR
m/W0dpkgaXgyexxTRe90anmDhB8FbiU0EAqyTU6au9CxfGqVvUw8DkD2nhYSrO6y
i5kIbJURbnIEJziTOQv0a4mbNihrDr8ZR7uYhPcyyifagrGbXcDMf4iFcUkQiIsj
EMT5MZ1BCzTmQzuQA+IXa7mVJXRWEG6JUhY7i6WSUwzFqgrrQ605j+npe6pSPXpE
MWd8PTrwcZ5HXbhcqVr1CJvqvrBbL6q0iWumD4HIhHKle0aoKIJqDN+0RvgYkYLS
v16sTsHMXer1mcihPkgjVAbRf/3cg0S2xmmEqGiqkvoCInoIaVDrDIcB7VjcYod2
uYOILhF1
-----END PUBLIC KEY-----
)";

std::string draft_pub_pem(const std::string& alg) {
  if (alg == "ML-KEM-512") return kDraftPub512;
  if (alg == "ML-KEM-768") return kDraftPub768;
  return kDraftPub1024;
}

// ---- encoding and decoding helpers ------------------------------------------------

std::string text_of(const Bytes& b) {
  return std::string(b.begin(), b.end());
}
Bytes bytes_of(const std::string& s) {
  return Bytes(s.begin(), s.end());
}

// Decodes `data` ("PEM" or "DER" input; structure may be null) in `ctx`;
// errors (if any) left in *errors.
PkeyPtr decode(const Bytes& data, const char* input, const char* structure, int selection,
               std::string* errors = nullptr, OSSL_LIB_CTX* ctx = nullptr) {
  EVP_PKEY* pkey = nullptr;
  OSSL_DECODER_CTX* dctx =
      OSSL_DECODER_CTX_new_for_pkey(&pkey, input, structure, nullptr, selection,
                                    ctx != nullptr ? ctx : armaccel_libctx(), nullptr);
  EXPECT_NE(dctx, nullptr);
  const unsigned char* p = data.data();
  std::size_t len = data.size();
  const int ok = OSSL_DECODER_from_data(dctx, &p, &len);
  OSSL_DECODER_CTX_free(dctx);
  const std::string text = drain_errors();
  if (errors != nullptr) *errors = text;
  if (ok != 1) {
    EVP_PKEY_free(pkey);
    return nullptr;
  }
  return PkeyPtr(pkey);
}
PkeyPtr decode_pem(const std::string& pem, int selection, std::string* errors = nullptr) {
  return decode(bytes_of(pem), "PEM", nullptr, selection, errors);
}

// Encodes with OSSL_ENCODER ("DER"/"PEM"/"TEXT", a structure or null);
// empty on failure.
Bytes encode(EVP_PKEY* pkey, const char* output, const char* structure, int selection,
             std::string* errors = nullptr) {
  OSSL_ENCODER_CTX* ectx =
      OSSL_ENCODER_CTX_new_for_pkey(pkey, selection, output, structure, nullptr);
  EXPECT_NE(ectx, nullptr);
  unsigned char* out = nullptr;
  std::size_t len = 0;
  const bool ok =
      OSSL_ENCODER_CTX_get_num_encoders(ectx) > 0 && OSSL_ENCODER_to_data(ectx, &out, &len) == 1;
  OSSL_ENCODER_CTX_free(ectx);
  const std::string text = drain_errors();
  if (errors != nullptr) *errors = text;
  Bytes result;
  if (ok) result.assign(out, out + len);
  OPENSSL_free(out);
  return result;
}
Bytes private_der(EVP_PKEY* pkey) {
  return encode(pkey, "DER", "PrivateKeyInfo", EVP_PKEY_KEYPAIR);
}
std::string private_pem(EVP_PKEY* pkey) {
  return text_of(encode(pkey, "PEM", "PrivateKeyInfo", EVP_PKEY_KEYPAIR));
}
std::string public_pem(EVP_PKEY* pkey) {
  return text_of(encode(pkey, "PEM", "SubjectPublicKeyInfo", EVP_PKEY_PUBLIC_KEY));
}

std::string print_key(EVP_PKEY* pkey, bool priv) {
  BIO* bio = BIO_new(BIO_s_mem());
  const int ok = priv ? EVP_PKEY_print_private(bio, pkey, 0, nullptr)
                      : EVP_PKEY_print_public(bio, pkey, 0, nullptr);
  EXPECT_EQ(ok, 1) << drain_errors();
  char* data = nullptr;
  const long len = BIO_get_mem_data(bio, &data);
  std::string text(data, static_cast<std::size_t>(len));
  BIO_free(bio);
  return text;
}

Bytes octets_param(EVP_PKEY* pkey, const char* name) {
  std::uint8_t buf[4096];
  std::size_t len = 0;
  if (EVP_PKEY_get_octet_string_param(pkey, name, buf, sizeof buf, &len) != 1) {
    drain_errors();
    return {};
  }
  return Bytes(buf, buf + len);
}

// An armaccel + default library context whose armaccel section carries
// extra settings (ml-kem.output_formats = ..., ...).
LibCtxPtr configured(const std::string& settings) {
  return LibCtxPtr(
      new_configured_libctx("[provider_sect]\narmaccel = armaccel_sect\ndefault = default_sect\n"
                            "[armaccel_sect]\nmodule = @MODULE@\nactivate = 1\n" +
                            settings + "\n[default_sect]\nactivate = 1\n"));
}

// A library context with armaccel alone (no PEM or SPKI pre-decoders).
OSSL_LIB_CTX* armaccel_only() {
  static OSSL_LIB_CTX* ctx = new_configured_libctx(
      "[provider_sect]\narmaccel = armaccel_sect\n"
      "[armaccel_sect]\nmodule = @MODULE@\nactivate = 1\n");
  return ctx;
}

PkeyPtr generate(OSSL_LIB_CTX* ctx, const std::string& alg) {
  EVP_PKEY* pkey = nullptr;
  EVP_PKEY_CTX* gctx = EVP_PKEY_CTX_new_from_name(ctx, alg.c_str(), "provider=armaccel");
  EXPECT_NE(gctx, nullptr) << drain_errors();
  if (gctx != nullptr && EVP_PKEY_keygen_init(gctx) == 1) EVP_PKEY_generate(gctx, &pkey);
  EVP_PKEY_CTX_free(gctx);
  EXPECT_NE(pkey, nullptr) << drain_errors();
  return PkeyPtr(pkey);
}

Bytes seed_bytes() {  // the appendix's seed 000102...3f
  Bytes s(64);
  for (std::size_t i = 0; i < s.size(); ++i) s[i] = static_cast<std::uint8_t>(i);
  return s;
}

// ---- DER built from the document's structures (for the ACVP checks and the
// malformed inputs) ----------------------------------------------------------------

void put_header(Bytes& out, std::uint8_t tag, std::size_t len) {
  out.push_back(tag);
  if (len < 0x80) {
    out.push_back(static_cast<std::uint8_t>(len));
  } else if (len < 0x100) {
    out.push_back(0x81);
    out.push_back(static_cast<std::uint8_t>(len));
  } else {
    out.push_back(0x82);
    out.push_back(static_cast<std::uint8_t>(len >> 8));
    out.push_back(static_cast<std::uint8_t>(len));
  }
}
Bytes tlv(std::uint8_t tag, const Bytes& content) {
  Bytes out;
  put_header(out, tag, content.size());
  out.insert(out.end(), content.begin(), content.end());
  return out;
}
Bytes cat(std::initializer_list<Bytes> parts) {
  Bytes out;
  for (const Bytes& p : parts) out.insert(out.end(), p.begin(), p.end());
  return out;
}
Bytes alg_id(const std::string& alg) {
  return tlv(0x30, tlv(0x06, {0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x04, oid_arc(alg)}));
}
// SubjectPublicKeyInfo (RFC 5280): SEQUENCE { AlgorithmIdentifier, BIT STRING ek }.
Bytes spki(const std::string& alg, const Bytes& ek) {
  return tlv(0x30, cat({alg_id(alg), tlv(0x03, cat({{0x00}, ek}))}));
}
// PrivateKeyInfo (RFC 5958) version 0 around a private-key CHOICE.
Bytes pkcs8(const std::string& alg, const Bytes& choice) {
  return tlv(0x30, cat({tlv(0x02, {0x00}), alg_id(alg), tlv(0x04, choice)}));
}
Bytes seed_choice(const Bytes& seed) {
  return tlv(0x80, seed);
}
Bytes expanded_choice(const Bytes& dk) {
  return tlv(0x04, dk);
}
Bytes both_choice(const Bytes& seed, const Bytes& dk) {
  return tlv(0x30, cat({tlv(0x04, seed), tlv(0x04, dk)}));
}

// ---- the document's examples ---------------------------------------------------------

TEST(MlkemCodec, DraftSeedKeysGiveTheDraftPublicKeys) {
  for (const char* alg : kAlgs) {
    SCOPED_TRACE(alg);
    std::string errors;
    PkeyPtr key = decode_pem(draft_seed_pem(alg), EVP_PKEY_KEYPAIR, &errors);
    ASSERT_NE(key, nullptr) << errors;
    EXPECT_TRUE(EVP_PKEY_is_a(key.get(), alg));
    EXPECT_EQ(public_pem(key.get()), draft_pub_pem(alg));
    EXPECT_EQ(octets_param(key.get(), "seed"), seed_bytes());
    // The seed-priv form is written when the seed is known.
    const Bytes der = private_der(key.get());
    ASSERT_GT(der.size(), 100u);
    PkeyPtr back = decode(der, "DER", "PrivateKeyInfo", EVP_PKEY_KEYPAIR, &errors);
    ASSERT_NE(back, nullptr) << errors;
    EXPECT_EQ(EVP_PKEY_eq(key.get(), back.get()), 1);
    // The public key read back from the document.
    PkeyPtr pub = decode_pem(draft_pub_pem(alg), EVP_PKEY_PUBLIC_KEY, &errors);
    ASSERT_NE(pub, nullptr) << errors;
    EXPECT_EQ(EVP_PKEY_eq(key.get(), pub.get()), 1);
    EXPECT_EQ(public_pem(pub.get()), draft_pub_pem(alg));
  }
}

TEST(MlkemCodec, DraftMlkem512PrivateFormsByteExact) {
  std::string errors;
  PkeyPtr from_seed = decode_pem(draft_seed_pem("ML-KEM-512"), EVP_PKEY_KEYPAIR, &errors);
  ASSERT_NE(from_seed, nullptr) << errors;
  // Default output (OpenSSL 3.5's seed-priv) is the document's "both".
  EXPECT_EQ(private_pem(from_seed.get()), kDraft512BothPem);

  PkeyPtr both = decode_pem(kDraft512BothPem, EVP_PKEY_KEYPAIR, &errors);
  ASSERT_NE(both, nullptr) << errors;
  EXPECT_EQ(EVP_PKEY_eq(from_seed.get(), both.get()), 1);
  EXPECT_EQ(private_pem(both.get()), kDraft512BothPem);

  // The expanded key alone has no seed: written back as priv-only, which is
  // the document's expanded form.
  PkeyPtr expanded = decode_pem(kDraft512ExpandedPem, EVP_PKEY_KEYPAIR, &errors);
  ASSERT_NE(expanded, nullptr) << errors;
  EXPECT_EQ(EVP_PKEY_eq(from_seed.get(), expanded.get()), 1);
  EXPECT_TRUE(octets_param(expanded.get(), "seed").empty());
  EXPECT_EQ(private_pem(expanded.get()), kDraft512ExpandedPem);
  EXPECT_EQ(octets_param(expanded.get(), OSSL_PKEY_PARAM_PRIV_KEY),
            octets_param(from_seed.get(), OSSL_PKEY_PARAM_PRIV_KEY));

  // With output_formats chosen in the config, each form is the document's.
  struct Case {
    const char* formats;
    std::string expected;
  } cases[] = {
      {"priv-only", kDraft512ExpandedPem},
      {"seed-only", draft_seed_pem("ML-KEM-512")},
      {"seed-priv, priv-only", kDraft512BothPem},
      {"bare-seed, seed-only", ""},  // checked below: the bare seed
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.formats);
    LibCtxPtr ctx = configured(std::string("ml-kem.output_formats = ") + c.formats);
    ASSERT_NE(ctx, nullptr);
    PkeyPtr key = decode(bytes_of(draft_seed_pem("ML-KEM-512")), "PEM", nullptr, EVP_PKEY_KEYPAIR,
                         &errors, ctx.get());
    ASSERT_NE(key, nullptr) << errors;
    if (!c.expected.empty()) {
      EXPECT_EQ(private_pem(key.get()), c.expected);
    } else {
      EXPECT_EQ(private_der(key.get()),
                pkcs8("ML-KEM-512", seed_bytes()));  // bare-seed: the 64 bytes
    }
  }
}

// Appendix C.4's inconsistent keys, built from the good ones as C.4
// describes them.
TEST(MlkemCodec, DraftInconsistentKeysRefused) {
  std::string errors;
  PkeyPtr good = decode_pem(kDraft512ExpandedPem, EVP_PKEY_KEYPAIR, &errors);
  ASSERT_NE(good, nullptr) << errors;
  const Bytes dk = octets_param(good.get(), OSSL_PKEY_PARAM_PRIV_KEY);
  ASSERT_EQ(dk.size(), 1632u);

  // 1. Both forms, the seed's z half changed (21 22 ... 40): the expanded key
  // is not the seed's.
  Bytes seed = seed_bytes();
  for (std::size_t i = 32; i < 64; ++i) seed[i] = static_cast<std::uint8_t>(i + 1);
  EXPECT_EQ(decode(pkcs8("ML-KEM-512", both_choice(seed, dk)), "DER", "PrivateKeyInfo",
                   EVP_PKEY_KEYPAIR, &errors),
            nullptr);
  EXPECT_NE(errors.find("armaccel"), std::string::npos) << errors;
  EXPECT_NE(errors.find("invalid key"), std::string::npos) << errors;

  // 2. Expanded form with s-hat's first coefficient changed and H(ek) left
  // valid: only the pairwise consistency check notices.
  Bytes bad_s = dk;
  bad_s[0] ^= 0x01;
  EXPECT_EQ(decode(pkcs8("ML-KEM-512", expanded_choice(bad_s)), "DER", "PrivateKeyInfo",
                   EVP_PKEY_KEYPAIR, &errors),
            nullptr);
  EXPECT_NE(errors.find("invalid key"), std::string::npos) << errors;

  // 3. Expanded form with H(ek) changed: the FIPS 203 hash check fails.
  Bytes bad_hash = dk;
  bad_hash[768 * 2 + 32] ^= 0x01;
  EXPECT_EQ(decode(pkcs8("ML-KEM-512", expanded_choice(bad_hash)), "DER", "PrivateKeyInfo",
                   EVP_PKEY_KEYPAIR, &errors),
            nullptr);
  EXPECT_NE(errors.find("invalid key"), std::string::npos) << errors;

  // 4. Both forms with the z inside the expanded key changed.
  Bytes bad_z = dk;
  bad_z[1632 - 1] ^= 0x80;
  EXPECT_EQ(decode(pkcs8("ML-KEM-512", both_choice(seed_bytes(), bad_z)), "DER", "PrivateKeyInfo",
                   EVP_PKEY_KEYPAIR, &errors),
            nullptr);
  EXPECT_NE(errors.find("invalid key"), std::string::npos) << errors;
}

// ---- NIST ACVP keyGen: seed d || z -> ek, dk, in the document's DER -----------------

TEST(MlkemCodec, AcvpKeysInTheDocumentsDer) {
  std::ifstream in(vectors_dir() + "/mlkem/acvp/ML-KEM-keyGen-FIPS203/internalProjection.json");
  ASSERT_TRUE(in.good());
  const nlohmann::json doc = nlohmann::json::parse(in);
  int checked = 0;
  for (const auto& group : doc["testGroups"]) {
    const std::string alg = group["parameterSet"];
    for (std::size_t t = 0; t < 2 && t < group["tests"].size(); ++t) {
      const auto& test = group["tests"][t];
      SCOPED_TRACE(alg + " tcId " + std::to_string(test["tcId"].get<int>()));
      Bytes seed = from_hex(test["d"].get<std::string>());
      const Bytes z = from_hex(test["z"].get<std::string>());
      seed.insert(seed.end(), z.begin(), z.end());
      const Bytes ek = from_hex(test["ek"].get<std::string>());
      const Bytes dk = from_hex(test["dk"].get<std::string>());
      std::string errors;
      PkeyPtr key =
          decode(pkcs8(alg, seed_choice(seed)), "DER", "PrivateKeyInfo", EVP_PKEY_KEYPAIR, &errors);
      ASSERT_NE(key, nullptr) << errors;
      EXPECT_EQ(encode(key.get(), "DER", "SubjectPublicKeyInfo", EVP_PKEY_PUBLIC_KEY),
                spki(alg, ek));
      EXPECT_EQ(private_der(key.get()), pkcs8(alg, both_choice(seed, dk)));
      // The expanded and both forms read back to the same key.
      for (const Bytes& der :
           {pkcs8(alg, expanded_choice(dk)), pkcs8(alg, both_choice(seed, dk))}) {
        PkeyPtr other = decode(der, "DER", "PrivateKeyInfo", EVP_PKEY_KEYPAIR, &errors);
        ASSERT_NE(other, nullptr) << errors;
        EXPECT_EQ(EVP_PKEY_eq(key.get(), other.get()), 1);
      }
      ++checked;
    }
  }
  EXPECT_EQ(checked, 6);
}

// ---- round trips ---------------------------------------------------------------------------

TEST(MlkemCodec, RoundTripsEveryFormDerAndPem) {
  const char* const forms[] = {"seed-priv",  "priv-only", "seed-only",
                               "oqskeypair", "bare-priv", "bare-seed"};
  for (const char* form : forms) {
    LibCtxPtr ctx = configured(std::string("ml-kem.output_formats = ") + form);
    ASSERT_NE(ctx, nullptr);
    for (const char* alg : kAlgs) {
      SCOPED_TRACE(std::string(alg) + " " + form);
      PkeyPtr key = generate(ctx.get(), alg);
      ASSERT_NE(key, nullptr);
      const bool has_seed = std::string(form).find("seed") != std::string::npos;
      for (const char* output : {"DER", "PEM"}) {
        std::string errors;
        const Bytes data = encode(key.get(), output, "PrivateKeyInfo", EVP_PKEY_KEYPAIR, &errors);
        ASSERT_FALSE(data.empty()) << errors;
        if (std::string(output) == "PEM") {
          EXPECT_EQ(text_of(data).rfind("-----BEGIN PRIVATE KEY-----\n", 0), 0u);
        }
        // Read back in a context with every input form enabled.
        PkeyPtr back = decode(data, output, nullptr, EVP_PKEY_KEYPAIR, &errors);
        ASSERT_NE(back, nullptr) << errors;
        EXPECT_EQ(EVP_PKEY_eq(key.get(), back.get()), 1);
        EXPECT_EQ(octets_param(back.get(), OSSL_PKEY_PARAM_PRIV_KEY),
                  octets_param(key.get(), OSSL_PKEY_PARAM_PRIV_KEY));
        EXPECT_EQ(!octets_param(back.get(), "seed").empty(), has_seed);
        if (has_seed) {
          EXPECT_EQ(octets_param(back.get(), "seed"), octets_param(key.get(), "seed"));
        }
      }
      // Public key, DER and PEM.
      for (const char* output : {"DER", "PEM"}) {
        std::string errors;
        const Bytes data =
            encode(key.get(), output, "SubjectPublicKeyInfo", EVP_PKEY_PUBLIC_KEY, &errors);
        ASSERT_FALSE(data.empty()) << errors;
        PkeyPtr pub = decode(data, output, nullptr, EVP_PKEY_PUBLIC_KEY, &errors);
        ASSERT_NE(pub, nullptr) << errors;
        EXPECT_EQ(EVP_PKEY_eq(key.get(), pub.get()), 1);
        EXPECT_EQ(octets_param(pub.get(), OSSL_PKEY_PARAM_PUB_KEY),
                  octets_param(key.get(), OSSL_PKEY_PARAM_PUB_KEY));
      }
    }
  }
}

TEST(MlkemCodec, EncryptedPkcs8RoundTrip) {
  for (const char* alg : kAlgs) {
    SCOPED_TRACE(alg);
    PkeyPtr key = generate(armaccel_libctx(), alg);
    ASSERT_NE(key, nullptr);
    BIO* bio = BIO_new(BIO_s_mem());
    char pass[] = "correct horse";
    ASSERT_EQ(PEM_write_bio_PrivateKey_ex(bio, key.get(), EVP_aes_256_cbc(), nullptr, 0, nullptr,
                                          pass, armaccel_libctx(), nullptr),
              1)
        << drain_errors();
    char* data = nullptr;
    const long pem_len = BIO_get_mem_data(bio, &data);
    const std::string pem(data, static_cast<std::size_t>(pem_len));
    BIO_free(bio);
    EXPECT_EQ(pem.rfind("-----BEGIN ENCRYPTED PRIVATE KEY-----\n", 0), 0u) << pem;

    BIO* in = BIO_new_mem_buf(pem.data(), static_cast<int>(pem.size()));
    PkeyPtr back(
        PEM_read_bio_PrivateKey_ex(in, nullptr, nullptr, pass, armaccel_libctx(), nullptr));
    BIO_free(in);
    ASSERT_NE(back, nullptr) << drain_errors();
    EXPECT_EQ(EVP_PKEY_eq(key.get(), back.get()), 1);
    EXPECT_EQ(octets_param(back.get(), "seed"), octets_param(key.get(), "seed"));

    char wrong[] = "wrong horse";
    in = BIO_new_mem_buf(pem.data(), static_cast<int>(pem.size()));
    PkeyPtr none(
        PEM_read_bio_PrivateKey_ex(in, nullptr, nullptr, wrong, armaccel_libctx(), nullptr));
    BIO_free(in);
    EXPECT_EQ(none, nullptr);
    drain_errors();

    // EncryptedPrivateKeyInfo asked for by structure, in DER.
    OSSL_ENCODER_CTX* ectx = OSSL_ENCODER_CTX_new_for_pkey(key.get(), EVP_PKEY_KEYPAIR, "DER",
                                                           "EncryptedPrivateKeyInfo", nullptr);
    ASSERT_EQ(OSSL_ENCODER_CTX_set_cipher(ectx, "AES-128-CBC", nullptr), 1) << drain_errors();
    ASSERT_EQ(OSSL_ENCODER_CTX_set_passphrase(ectx, reinterpret_cast<const unsigned char*>(pass),
                                              sizeof pass - 1),
              1);
    unsigned char* out = nullptr;
    std::size_t len = 0;
    ASSERT_EQ(OSSL_ENCODER_to_data(ectx, &out, &len), 1) << drain_errors();
    OSSL_ENCODER_CTX_free(ectx);
    const Bytes der(out, out + len);
    OPENSSL_free(out);
    EVP_PKEY* pkey = nullptr;
    OSSL_DECODER_CTX* dctx = OSSL_DECODER_CTX_new_for_pkey(
        &pkey, "DER", nullptr, nullptr, EVP_PKEY_KEYPAIR, armaccel_libctx(), nullptr);
    OSSL_DECODER_CTX_set_passphrase(dctx, reinterpret_cast<const unsigned char*>(pass),
                                    sizeof pass - 1);
    const unsigned char* p = der.data();
    std::size_t left = der.size();
    EXPECT_EQ(OSSL_DECODER_from_data(dctx, &p, &left), 1) << drain_errors();
    OSSL_DECODER_CTX_free(dctx);
    PkeyPtr from_der(pkey);
    ASSERT_NE(from_der, nullptr);
    EXPECT_EQ(EVP_PKEY_eq(key.get(), from_der.get()), 1);
  }
}

// OpenSSL 3.5's text layout: heading, "seed:", "dk:", "ek:", 15 bytes a
// line after four spaces, lower-case hex joined by colons.
TEST(MlkemCodec, TextOutput) {
  std::string errors;
  PkeyPtr key = decode_pem(draft_seed_pem("ML-KEM-512"), EVP_PKEY_KEYPAIR, &errors);
  ASSERT_NE(key, nullptr) << errors;
  const std::string text = print_key(key.get(), true);
  const std::string expected_start =
      "ML-KEM-512 Private-Key:\n"
      "seed:\n"
      "    00:01:02:03:04:05:06:07:08:09:0a:0b:0c:0d:0e:\n"
      "    0f:10:11:12:13:14:15:16:17:18:19:1a:1b:1c:1d:\n"
      "    1e:1f:20:21:22:23:24:25:26:27:28:29:2a:2b:2c:\n"
      "    2d:2e:2f:30:31:32:33:34:35:36:37:38:39:3a:3b:\n"
      "    3c:3d:3e:3f\n"
      "dk:\n"
      "    70:55:4f:d4:36:34:4f:27:85:b1:b3:b1:ba:c1:84:\n";  // C.1.1.2's expandedKey
  EXPECT_EQ(text.substr(0, expected_start.size()), expected_start) << text;
  // The whole text, laid out from the key's bytes (checked against the
  // document above and in the other tests).
  auto block = [](const char* label, const Bytes& b) {
    std::string out = std::string(label) + "\n";
    for (std::size_t i = 0; i < b.size(); ++i) {
      char hex[4];
      std::snprintf(hex, sizeof hex, "%02x", b[i]);
      if (i % 15 == 0) out += i == 0 ? "    " : "\n    ";
      out += hex;
      if (i + 1 < b.size()) out += ":";
    }
    return out + "\n";
  };
  const Bytes ek = octets_param(key.get(), OSSL_PKEY_PARAM_PUB_KEY);
  EXPECT_EQ(text, "ML-KEM-512 Private-Key:\n" + block("seed:", seed_bytes()) +
                      block("dk:", octets_param(key.get(), OSSL_PKEY_PARAM_PRIV_KEY)) +
                      block("ek:", ek));
  EXPECT_EQ(text.substr(text.find("ek:\n"), 4 + 50),
            "ek:\n    39:95:81:5e:59:7d:10:43:55:cf:29:aa:53:33:c9:\n");
  const std::string pub = print_key(key.get(), false);
  EXPECT_EQ(pub.rfind("ML-KEM-512 Public-Key:\nek:\n    39:95:81:5e:", 0), 0u) << pub;
  EXPECT_EQ(pub.find("seed:"), std::string::npos);
  EXPECT_EQ(pub.find("dk:"), std::string::npos);
}

// ---- malformed input ---------------------------------------------------------------------------

// Expects `der` refused with an armaccel reason containing `reason`.
void expect_refused(const Bytes& der, const char* structure, int selection, const char* reason) {
  std::string errors;
  PkeyPtr key = decode(der, "DER", structure, selection, &errors);
  EXPECT_EQ(key, nullptr);
  EXPECT_NE(errors.find("armaccel"), std::string::npos) << errors;
  EXPECT_NE(errors.find(reason), std::string::npos) << "want \"" << reason << "\" in\n" << errors;
}

TEST(MlkemCodec, MalformedPublicKeysRefused) {
  for (const char* alg : kAlgs) {
    SCOPED_TRACE(alg);
    PkeyPtr key = generate(armaccel_libctx(), alg);
    const Bytes ek = octets_param(key.get(), OSSL_PKEY_PARAM_PUB_KEY);
    ASSERT_EQ(spki(alg, ek), encode(key.get(), "DER", "SubjectPublicKeyInfo", EVP_PKEY_PUBLIC_KEY));
    const char* s = "SubjectPublicKeyInfo";
    const int sel = EVP_PKEY_PUBLIC_KEY;
    // Wrong length: one byte short, one byte long.
    expect_refused(spki(alg, Bytes(ek.begin(), ek.end() - 1)), s, sel, "invalid key length");
    expect_refused(spki(alg, cat({ek, {0x00}})), s, sel, "invalid key length");
    // A coefficient >= q (FIPS 203 7.2 modulus check): the first 12 bits all ones.
    Bytes big = ek;
    big[0] = 0xff;
    big[1] |= 0x0f;
    expect_refused(spki(alg, big), s, sel, "invalid key");
    // Parameters present (NULL) with the ML-KEM OID.
    Bytes with_null = alg_id(alg);
    with_null = tlv(0x30, cat({Bytes(with_null.begin() + 2, with_null.end()), {0x05, 0x00}}));
    expect_refused(tlv(0x30, cat({with_null, tlv(0x03, cat({{0x00}, ek}))})), s, sel,
                   "unexpected key parameters");
    // Unused bits in the BIT STRING, trailing garbage, truncation.
    expect_refused(tlv(0x30, cat({alg_id(alg), tlv(0x03, cat({{0x01}, ek}))})), s, sel,
                   "bad encoding");
    // Bytes after the SubjectPublicKeyInfo: with the default provider loaded
    // OpenSSL's SPKI pre-decoder passes on exactly one DER object, so they
    // never reach armaccel (as for every key type); armaccel alone refuses
    // them.
    const Bytes trailing = cat({spki(alg, ek), {0x00}});
    PkeyPtr cut = decode(trailing, "DER", s, sel);
    if (cut != nullptr) {
      EXPECT_EQ(EVP_PKEY_eq(cut.get(), key.get()), 1);
    }
    std::string errors;
    EXPECT_EQ(decode(trailing, "DER", s, sel, &errors, armaccel_only()), nullptr);
    EXPECT_NE(errors.find("bad encoding"), std::string::npos) << errors;
    const Bytes full = spki(alg, ek);
    expect_refused(Bytes(full.begin(), full.end() - 10), s, sel, "bad encoding");
  }
}

TEST(MlkemCodec, MalformedPrivateKeysRefused) {
  for (const char* alg : kAlgs) {
    SCOPED_TRACE(alg);
    PkeyPtr key = generate(armaccel_libctx(), alg);
    const Bytes dk = octets_param(key.get(), OSSL_PKEY_PARAM_PRIV_KEY);
    const Bytes seed = octets_param(key.get(), "seed");
    const Sizes sz = sizes(alg);
    ASSERT_EQ(dk.size(), sz.dk);
    ASSERT_EQ(private_der(key.get()), pkcs8(alg, both_choice(seed, dk)));
    const char* s = "PrivateKeyInfo";
    const int sel = EVP_PKEY_KEYPAIR;
    // Wrong lengths of the expanded key and the seed.
    expect_refused(pkcs8(alg, expanded_choice(Bytes(dk.begin(), dk.end() - 1))), s, sel,
                   "invalid key length");
    expect_refused(pkcs8(alg, seed_choice(Bytes(seed.begin(), seed.end() - 1))), s, sel,
                   "invalid key length");
    // Bad H(ek) inside dk (FIPS 203 7.3 hash check).
    Bytes bad = dk;
    bad[768 * sz.k + 32] ^= 0x40;
    expect_refused(pkcs8(alg, expanded_choice(bad)), s, sel, "invalid key");
    // A coefficient >= q in the ek inside dk.
    bad = dk;
    bad[384 * sz.k] = 0xff;
    bad[384 * sz.k + 1] |= 0x0f;
    expect_refused(pkcs8(alg, expanded_choice(bad)), s, sel, "invalid key");
    // Seed and expanded key that do not belong together.
    Bytes other_seed = seed;
    other_seed[0] ^= 0x01;
    expect_refused(pkcs8(alg, both_choice(other_seed, dk)), s, sel, "invalid key");
    // Parameters with the OID, trailing garbage, truncation, an unknown CHOICE.
    const Bytes good = pkcs8(alg, expanded_choice(dk));
    expect_refused(cat({good, {0x00, 0x00}}), s, sel, "bad encoding");
    expect_refused(Bytes(good.begin(), good.end() - 100), s, sel, "bad encoding");
    expect_refused(pkcs8(alg, tlv(0x0c, seed)), s, sel, "bad encoding");
    Bytes with_null = alg_id(alg);
    with_null = tlv(0x30, cat({Bytes(with_null.begin() + 2, with_null.end()), {0x05, 0x00}}));
    expect_refused(tlv(0x30, cat({tlv(0x02, {0x00}), with_null, tlv(0x04, expanded_choice(dk))})),
                   s, sel, "unexpected key parameters");
  }
  // A truncated PEM (base64 cut short) gives no key.
  std::string pem = kDraft512BothPem;
  pem.erase(pem.find("Pj8=\n"), 5);
  pem.erase(200, 300);
  std::string errors;
  EXPECT_EQ(decode_pem(pem, EVP_PKEY_KEYPAIR, &errors), nullptr);
  EXPECT_FALSE(errors.empty());
}

// Other algorithms' keys go to other decoders; ML-KEM keys of another size
// to that size's decoder.
TEST(MlkemCodec, OtherKeysLeftToOtherDecoders) {
  EVP_PKEY* ec = EVP_PKEY_Q_keygen(armaccel_libctx(), nullptr, "EC", "P-256");
  ASSERT_NE(ec, nullptr) << drain_errors();
  PkeyPtr ec_key(ec);
  for (const char* structure : {"PrivateKeyInfo", "SubjectPublicKeyInfo"}) {
    const bool priv = std::string(structure) == "PrivateKeyInfo";
    const int sel = priv ? EVP_PKEY_KEYPAIR : EVP_PKEY_PUBLIC_KEY;
    const Bytes der = encode(ec_key.get(), "DER", structure, sel);
    ASSERT_FALSE(der.empty());
    std::string errors;
    PkeyPtr back = decode(der, "DER", structure, sel, &errors);
    ASSERT_NE(back, nullptr) << errors;
    EXPECT_TRUE(EVP_PKEY_is_a(back.get(), "EC"));
    EXPECT_EQ(errors.find("armaccel"), std::string::npos) << errors;
  }
  for (const char* alg : kAlgs) {
    PkeyPtr key = generate(armaccel_libctx(), alg);
    PkeyPtr back = decode(private_der(key.get()), "DER", nullptr, EVP_PKEY_KEYPAIR);
    ASSERT_NE(back, nullptr);
    EXPECT_TRUE(EVP_PKEY_is_a(back.get(), alg));
  }
}

TEST(MlkemCodec, InputFormatsHonoured) {
  LibCtxPtr ctx = configured("ml-kem.input_formats = seed-only, seed-priv");
  ASSERT_NE(ctx, nullptr);
  std::string errors;
  PkeyPtr seed_key = decode(bytes_of(draft_seed_pem("ML-KEM-512")), "PEM", nullptr,
                            EVP_PKEY_KEYPAIR, &errors, ctx.get());
  EXPECT_NE(seed_key, nullptr) << errors;
  PkeyPtr both =
      decode(bytes_of(kDraft512BothPem), "PEM", nullptr, EVP_PKEY_KEYPAIR, &errors, ctx.get());
  EXPECT_NE(both, nullptr) << errors;
  PkeyPtr expanded =
      decode(bytes_of(kDraft512ExpandedPem), "PEM", nullptr, EVP_PKEY_KEYPAIR, &errors, ctx.get());
  EXPECT_EQ(expanded, nullptr);
  EXPECT_NE(errors.find("no matching enabled ml-kem private key format"), std::string::npos)
      << errors;

  LibCtxPtr unknown = configured("ml-kem.output_formats = seed-priv, frobnicated");
  ASSERT_NE(unknown, nullptr);
  PkeyPtr key = decode(bytes_of(draft_seed_pem("ML-KEM-512")), "PEM", nullptr, EVP_PKEY_KEYPAIR,
                       &errors, unknown.get());
  ASSERT_NE(key, nullptr) << errors;
  EXPECT_TRUE(encode(key.get(), "DER", "PrivateKeyInfo", EVP_PKEY_KEYPAIR, &errors).empty());
  EXPECT_NE(errors.find("unknown ml-kem key format"), std::string::npos) << errors;

  // A key without its seed (retain_seed = no) cannot give seed-only.
  LibCtxPtr no_seed = configured("ml-kem.retain_seed = no\nml-kem.output_formats = seed-only");
  ASSERT_NE(no_seed, nullptr);
  PkeyPtr generated = generate(no_seed.get(), "ML-KEM-768");
  ASSERT_NE(generated, nullptr);
  EXPECT_TRUE(octets_param(generated.get(), "seed").empty());
  EXPECT_TRUE(private_der(generated.get()).empty());
  drain_errors();
}

}  // namespace
}  // namespace armaccel::test

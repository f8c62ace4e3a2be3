"""LZ-string's compressToBase64 and decompressFromBase64 (the format of
f-puzzles links), written again from the format's description for the
tests: an implementation independent of src/variant/fpuzzles.c."""

KEY = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/="


def _compress(units, bits_per_char, char_of):
    dictionary, to_create = {}, set()
    w, enlarge_in, dict_size, num_bits = "", 2, 3, 2
    out, val, pos = [], 0, 0

    def put(value, nbits):
        nonlocal val, pos
        for _ in range(nbits):
            val = (val << 1) | (value & 1)
            if pos == bits_per_char - 1:
                out.append(char_of(val))
                pos, val = 0, 0
            else:
                pos += 1
            value >>= 1

    def emit_w():
        nonlocal enlarge_in, num_bits
        if w in to_create:
            code = ord(w[0])
            if code < 256:
                put(0, num_bits)
                put(code, 8)
            else:
                put(1, num_bits)
                put(code, 16)
            enlarge_in -= 1
            if enlarge_in == 0:
                enlarge_in, num_bits = 1 << num_bits, num_bits + 1
            to_create.discard(w)
        else:
            put(dictionary[w], num_bits)
        enlarge_in -= 1
        if enlarge_in == 0:
            enlarge_in, num_bits = 1 << num_bits, num_bits + 1

    for c in units:
        if c not in dictionary:
            dictionary[c] = dict_size
            dict_size += 1
            to_create.add(c)
        wc = w + c
        if wc in dictionary:
            w = wc
        else:
            emit_w()
            dictionary[wc] = dict_size
            dict_size += 1
            w = c
    if w:
        emit_w()
    put(2, num_bits)
    while True:
        val <<= 1
        if pos == bits_per_char - 1:
            out.append(char_of(val))
            break
        pos += 1
    return "".join(out)


def compress_to_base64(text):
    units = _utf16(text)
    res = _compress(units, 6, lambda v: KEY[v])
    return res + "=" * ((4 - len(res) % 4) % 4)


def _utf16(text):
    data = text.encode("utf-16-le")
    return [chr(data[i] | data[i + 1] << 8) for i in range(0, len(data), 2)]


def decompress_from_base64(s):
    vals = [KEY.index(c) for c in s]
    pos, index, val = 32, 1, vals[0]

    def bits(n):
        nonlocal pos, index, val
        r = 0
        for i in range(n):
            b = val & pos
            pos >>= 1
            if pos == 0:
                pos = 32
                val = vals[index] if index < len(vals) else 0
                index += 1
            if b:
                r |= 1 << i
        return r

    dictionary = {0: 0, 1: 1, 2: 2}
    c = bits(2)
    if c == 2:
        return ""
    w = chr(bits(8 if c == 0 else 16))
    dictionary[3] = w
    result = [w]
    dict_size, num_bits, enlarge_in = 4, 3, 4
    while True:
        c = bits(num_bits)
        if c in (0, 1):
            dictionary[dict_size] = chr(bits(8 if c == 0 else 16))
            c = dict_size
            dict_size += 1
            enlarge_in -= 1
        elif c == 2:
            units = "".join(result)
            return units.encode("utf-16-le", "surrogatepass").decode(
                "utf-16-le")
        if enlarge_in == 0:
            enlarge_in, num_bits = 1 << num_bits, num_bits + 1
        if c in dictionary and c >= 3:
            entry = dictionary[c]
        elif c == dict_size:
            entry = w + w[0]
        else:
            raise ValueError("not LZ-string")
        result.append(entry)
        dictionary[dict_size] = w + entry[0]
        dict_size += 1
        enlarge_in -= 1
        w = entry
        if enlarge_in == 0:
            enlarge_in, num_bits = 1 << num_bits, num_bits + 1

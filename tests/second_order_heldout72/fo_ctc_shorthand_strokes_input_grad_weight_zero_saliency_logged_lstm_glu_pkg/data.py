"""Synthetic Gregg-shorthand pen trajectories: each outline letter is a small curve primitive."""
import math

import torch

WORDS = ["the", "and", "for", "have", "with", "dear", "sir", "will", "be", "glad", "to", "meet"]


def outline(word, gen):
    pts = []
    for ch in word:
        k = ord(ch) % 7
        n = 5 + k
        ang = torch.linspace(0, math.pi * (0.5 + k / 7), n)
        r = 0.5 + 0.1 * k
        seg = torch.stack([r * torch.cos(ang).diff(prepend=ang[:1].cos()),
                           r * torch.sin(ang).diff(prepend=ang[:1].sin()),
                           0.6 + 0.1 * torch.randn(n, generator=gen),
                           torch.zeros(n)], 1)
        pts.append(seg)
    pts.append(torch.tensor([[0.3, 0.0, 0.0, 1.0]]))  # pen lift
    return torch.cat(pts)


def batch(words, alphabet, gen):
    seqs = [outline(w, gen) for w in words]
    T = max(s.size(0) for s in seqs)
    x = torch.zeros(len(words), T, 4)
    for i, s in enumerate(seqs):
        x[i, : s.size(0)] = s
    in_lens = torch.tensor([s.size(0) for s in seqs])
    targets = torch.tensor([alphabet.index(c) for w in words for c in w])
    tgt_lens = torch.tensor([len(w) for w in words])
    return x, in_lens, targets, tgt_lens

"""Learning-to-reweight (Ren et al. 2018) for a token tagger trained on crowd-transcribed bird-ringing
field notebooks ("BLUTI 2J D45123 age3 wing62 ret"), where many crowd tags are wrong.

Per-token weights come from one look-ahead SGD step on the weighted noisy loss and the gradient of a
small clean-set loss with respect to those weights. The tagger is a hand-written LSTM over frozen
char-n-gram EmbeddingBag token features, with weights held in a plain dict so the look-ahead is functional.
"""
import argparse
import random

import torch
import torch.nn as nn
import torch.nn.functional as F

TAGS = ["O", "SPECIES", "RING", "AGE", "BIOMETRIC", "STATUS"]
SPECIES = ["BLUTI", "GRETI", "ROBIN", "BLACA", "CHIFF", "WREN", "DUNNO"]


def synth_line(rng):
    toks = [rng.choice(SPECIES), rng.choice(["2J", "1F", "3M"]), f"D{rng.randrange(10000, 99999)}",
            f"age{rng.choice([3, 4, 5])}", f"wing{rng.randrange(55, 80)}", rng.choice(["new", "ret", "ctrl"])]
    tags = [1, 0, 2, 3, 4, 5]
    return toks, tags


def ngram_ids(tok, n_buckets, n=3):
    t = f"<{tok.lower()}>"
    return [hash(t[i:i + n]) % n_buckets for i in range(max(1, len(t) - n + 1))]


def collate(lines, n_buckets, noise=0.0, rng=None):
    """Flatten n-grams of every token into (ids, offsets) for EmbeddingBag; optionally corrupt tags."""
    ids, offsets, tags = [], [], []
    for toks, tg in lines:
        for tok, t in zip(toks, tg):
            offsets.append(len(ids))
            ids.extend(ngram_ids(tok, n_buckets))
            if rng is not None and rng.random() < noise:
                t = rng.randrange(len(TAGS))
            tags.append(t)
    T = len(lines[0][0])
    return torch.tensor(ids), torch.tensor(offsets), torch.tensor(tags).view(len(lines), T)


class NgramFeatures(nn.Module):
    def __init__(self, n_buckets, dim):
        super().__init__()
        self.bag = nn.EmbeddingBag(n_buckets, dim, mode="mean")
        self.requires_grad_(False)  # pretrained on unlabelled notebooks, frozen here

    def forward(self, ids, offsets, batch):
        return self.bag(ids, offsets).view(batch, -1, self.bag.embedding_dim)


def init_params(in_dim, hidden, n_tags):
    g = torch.Generator().manual_seed(0)
    k = hidden ** -0.5
    p = {"W_ih": torch.empty(4 * hidden, in_dim).uniform_(-k, k, generator=g),
         "W_hh": torch.empty(4 * hidden, hidden).uniform_(-k, k, generator=g),
         "b": torch.zeros(4 * hidden),
         "W_out": torch.empty(n_tags, hidden).uniform_(-k, k, generator=g),
         "b_out": torch.zeros(n_tags)}
    return {n: t.requires_grad_(True) for n, t in p.items()}


def lstm_tagger(params, x):
    B, T, _ = x.shape
    H = params["W_hh"].size(1)
    h = x.new_zeros(B, H)
    c = x.new_zeros(B, H)
    outs = []
    for t in range(T):
        gates = x[:, t] @ params["W_ih"].t() + h @ params["W_hh"].t() + params["b"]
        i, f, g, o = torch.split(gates, H, dim=-1)
        c = torch.sigmoid(f) * c + torch.sigmoid(i) * torch.tanh(g)
        h = torch.sigmoid(o) * torch.tanh(c)
        outs.append(h @ params["W_out"].t() + params["b_out"])
    return torch.stack(outs, 1)


def per_token_nll(logits, tags):
    logp = F.log_softmax(logits, dim=-1)
    return F.nll_loss(logp.reshape(-1, logp.size(-1)), tags.reshape(-1), reduction="none")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=4)
    ap.add_argument("--lr", type=float, default=0.5)
    ap.add_argument("--noise", type=float, default=0.3)
    args = ap.parse_args()
    rng = random.Random(5)
    torch.manual_seed(5)
    n_buckets, dim = 512, 24
    feats = NgramFeatures(n_buckets, dim)
    params = init_params(dim, 32, len(TAGS))
    clean = [synth_line(rng) for _ in range(6)]
    c_ids, c_off, c_tags = collate(clean, n_buckets)
    c_x = feats(c_ids, c_off, len(clean))
    for step in range(args.steps):
        noisy = [synth_line(rng) for _ in range(16)]
        ids, off, tags = collate(noisy, n_buckets, args.noise, rng)
        x = feats(ids, off, len(noisy))
        eps = torch.zeros(tags.numel(), requires_grad=True)
        inner = (eps * per_token_nll(lstm_tagger(params, x), tags)).sum()
        grads = torch.autograd.grad(inner, list(params.values()), create_graph=True)
        look = {k: p - args.lr * g for (k, p), g in zip(params.items(), grads)}
        clean_loss = F.cross_entropy(lstm_tagger(look, c_x).reshape(-1, len(TAGS)), c_tags.reshape(-1))
        (g_eps,) = torch.autograd.grad(clean_loss, eps)
        w = torch.clamp(-g_eps, min=0.0)
        w = w / w.sum().clamp_min(1e-8)
        assert g_eps.abs().sum() > 0
        loss = (w.detach() * per_token_nll(lstm_tagger(params, x), tags)).sum()
        grads = torch.autograd.grad(loss, list(params.values()))
        with torch.no_grad():
            for p, g in zip(params.values(), grads):
                p -= args.lr * g
        print(f"step {step}: weighted nll {loss.item():.4f} clean ce {clean_loss.item():.4f} kept {(w > 0).float().mean():.2f}")


if __name__ == "__main__":
    main()

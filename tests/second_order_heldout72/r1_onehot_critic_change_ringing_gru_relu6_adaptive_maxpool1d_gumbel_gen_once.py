"""Sequence GAN over change-ringing place notation (minor methods on 6 bells: "x16x16x16-12").

The critic reads a (soft) one-hot sequence, so the R1 penalty (Mescheder et al.) is taken with respect
to the one-hot real inputs. The generator samples with straight-through Gumbel-softmax.
"""
import argparse
import random

import torch
import torch.nn as nn
import torch.nn.functional as F

PLACES = ["<pad>", "<bos>", "<eos>", "x", "12", "16", "14", "36", "34", "1256", "1236", "1456", "56", "-"]
STOI = {t: i for i, t in enumerate(PLACES)}
MAX_LEN = 16


def random_method(rng):
    """Plain/treble-bob-like half leads, then the lead end. Not every output is a true method."""
    half = []
    for i in range(rng.choice([3, 5, 6])):
        half.append("x" if i % 2 == 0 else rng.choice(["16", "14", "36", "34", "1236", "1456"]))
    return half + ["-"] + [rng.choice(["12", "16", "1256"])]


def to_onehot(batch):
    """Integer ids -> one-hot floats and a length mask; done in the data pipeline."""
    ids = torch.zeros(len(batch), MAX_LEN, dtype=torch.long)
    for i, toks in enumerate(batch):
        toks = toks[: MAX_LEN - 1] + ["<eos>"]
        ids[i, : len(toks)] = torch.tensor([STOI[t] for t in toks])
    mask = ids.ne(0)
    onehot = F.one_hot(ids, len(PLACES)).float().masked_fill(~mask[..., None], 0.0)
    return onehot, mask


class Critic(nn.Module):
    def __init__(self, vocab, dim=32):
        super().__init__()
        self.emb = nn.Parameter(torch.randn(vocab, dim) * 0.1)
        self.rnn = nn.GRU(dim, dim, batch_first=True)
        self.conv = nn.Conv1d(dim, 2 * dim, kernel_size=3, padding=1)
        self.act = nn.ReLU6()
        self.score = nn.Linear(2 * dim, 1)

    def forward(self, onehot, mask):
        e = onehot @ self.emb
        h, _ = self.rnn(e)
        h = self.act(self.conv(h.transpose(1, 2)))
        h = h + (mask[:, None, :].float() - 1.0) * 1e4
        pooled = F.adaptive_max_pool1d(h, 1).squeeze(-1)
        return self.score(pooled).squeeze(-1)


class Generator(nn.Module):
    def __init__(self, vocab, dim=32, z_dim=16):
        super().__init__()
        self.z_dim = z_dim
        self.init = nn.Linear(z_dim, dim)
        self.cell = nn.GRUCell(vocab, dim)
        self.out = nn.Linear(dim, vocab)

    def forward(self, n, tau=0.8):
        h = torch.tanh(self.init(torch.randn(n, self.z_dim)))
        x = F.one_hot(torch.full((n,), STOI["<bos>"]), len(PLACES)).float()
        steps = []
        for _ in range(MAX_LEN):
            h = self.cell(x, h)
            logp = F.log_softmax(self.out(h), dim=-1)
            x = F.gumbel_softmax(logp, tau=tau, hard=True)
            steps.append(x)
        return torch.stack(steps, 1)


def r1_penalty(critic, real, mask):
    real = real.detach().requires_grad_(True)
    out = critic(real, mask)
    (g,) = torch.autograd.grad(out.sum(), real, create_graph=True)
    return g.pow(2).sum(dim=(1, 2)).mean()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--iters", type=int, default=4)
    ap.add_argument("--gamma", type=float, default=5.0)
    args = ap.parse_args()
    rng = random.Random(11)
    torch.manual_seed(11)
    D, G = Critic(len(PLACES)), Generator(len(PLACES))
    opt_d = torch.optim.Adam(D.parameters(), lr=2e-4, betas=(0.0, 0.99))
    opt_g = torch.optim.Adam(G.parameters(), lr=2e-4, betas=(0.0, 0.99))
    for it in range(args.iters):
        real, mask = to_onehot([random_method(rng) for _ in range(12)])
        with torch.no_grad():
            fake = G(12)
        full = torch.ones(12, MAX_LEN, dtype=torch.bool)
        d_loss = F.softplus(D(fake, full)).mean() + F.softplus(-D(real, mask)).mean()
        r1 = r1_penalty(D, real, mask)
        opt_d.zero_grad()
        (d_loss + 0.5 * args.gamma * r1).backward()
        assert D.conv.weight.grad is not None and D.emb.grad.abs().sum() > 0
        opt_d.step()

        g_loss = F.softplus(-D(G(12), full)).mean()
        opt_g.zero_grad()
        g_loss.backward()
        opt_g.step()
        print(f"it {it}: d={d_loss.item():.4f} r1={r1.item():.5f} g={g_loss.item():.4f}")


if __name__ == "__main__":
    main()

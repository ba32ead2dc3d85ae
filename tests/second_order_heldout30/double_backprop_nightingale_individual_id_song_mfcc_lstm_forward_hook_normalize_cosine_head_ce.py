"""Identify individual nightingales from MFCC sequences of song phrases.

Embeddings are L2-normalised by a forward hook registered on the projection layer (so every caller of
the encoder gets unit-norm embeddings) and scored by a cosine classifier. Training adds the
Drucker & LeCun (1992) double-backpropagation term ||d loss / d mfcc||^2 for robustness to
recording-chain differences between field recorders.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F

N_BIRDS, N_MFCC, FRAMES, BATCH, STEPS = 6, 8, 20, 12, 4
DB_WEIGHT, SCALE = 0.1, 10.0


def _unit_norm_hook(module, inputs, output):
    return F.normalize(output, dim=-1)


class PhraseEncoder(nn.Module):
    def __init__(self, hidden=16, emb=12):
        super().__init__()
        self.frontend = nn.Conv1d(N_MFCC, hidden, kernel_size=3, padding=1)
        self.rnn = nn.LSTM(hidden, hidden, batch_first=True)
        self.proj = nn.Linear(hidden, emb)
        self.proj.register_forward_hook(_unit_norm_hook)

    def forward(self, mfcc):                      # (N, N_MFCC, FRAMES)
        h = F.leaky_relu(self.frontend(mfcc), 0.1).transpose(1, 2)
        out, _ = self.rnn(h)
        return self.proj(out.mean(dim=1))


class CosineHead(nn.Module):
    def __init__(self, emb, n_classes):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(n_classes, emb))

    def forward(self, e):
        return SCALE * e @ F.normalize(self.weight, dim=1).t()


def song_phrases(n, gen):
    bird = torch.randint(0, N_BIRDS, (n,), generator=gen)
    base = torch.linspace(0, 3, FRAMES)
    timbre = torch.stack([torch.cos(base * (b + 1)) for b in range(N_BIRDS)])  # (birds, frames)
    mfcc = timbre[bird][:, None, :] * torch.linspace(1, 0.2, N_MFCC)[None, :, None]
    return mfcc + 0.2 * torch.randn(n, N_MFCC, FRAMES, generator=gen), bird


def main():
    gen = torch.Generator().manual_seed(9)
    torch.manual_seed(9)
    encoder, head = PhraseEncoder(), CosineHead(12, N_BIRDS)
    opt = torch.optim.Adam(list(encoder.parameters()) + list(head.parameters()), lr=3e-3)
    for step in range(STEPS):
        mfcc, bird = song_phrases(BATCH, gen)
        mfcc.requires_grad_(True)
        ce = F.cross_entropy(head(encoder(mfcc)), bird)
        g, = torch.autograd.grad(ce, mfcc, create_graph=True)
        loss = ce + DB_WEIGHT * g.pow(2).sum(dim=(1, 2)).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"step {step}: ce={ce.item():.3f} total={loss.item():.3f}")


if __name__ == "__main__":
    main()

"""Smooth encoder for letterpress ink-density line scans: the full input Jacobian of the embedding is
computed with one batched torch.autograd.grad call (is_grads_batched=True, one cotangent per
embedding dimension) and its Frobenius norm is penalised, so the penalty trains the encoder.
The model is wrapped DataParallel-style and reached through `.module`.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F

EMB = 6


class ScanEncoder(nn.Module):
    def __init__(self, emb=EMB):
        super().__init__()
        self.pad = nn.ReflectionPad1d(2)
        self.conv1 = nn.Conv1d(1, 8, 5)
        self.clip = nn.Hardtanh(-2.0, 2.0)
        self.conv2 = nn.Conv1d(8, 8, 3, padding=1)
        self.gap = nn.AdaptiveAvgPool1d(1)
        self.proj = nn.Linear(8, emb)
        self.cls = nn.Linear(emb, 3)

    def embed(self, x):
        h = self.clip(self.conv1(self.pad(x)))
        h = self.gap(torch.tanh(self.conv2(h))).squeeze(-1)
        return self.proj(h)

    def forward(self, x):
        z = self.embed(x)
        return z, self.cls(z)


class Replicated(nn.Module):
    """Stand-in for nn.DataParallel on a CPU box."""

    def __init__(self, module):
        super().__init__()
        self.module = module

    def forward(self, *args):
        return self.module(*args)


def jacobian_frobenius(encoder, x):
    x = x.requires_grad_(True)
    z = encoder.embed(x)
    basis = torch.eye(EMB).unsqueeze(1).expand(EMB, x.shape[0], EMB)
    jac, = torch.autograd.grad(z, x, grad_outputs=basis, is_grads_batched=True, create_graph=True)
    return jac.pow(2).sum() / x.shape[0]


def scans(n=8, length=24):
    pos = torch.linspace(0, 1, length)
    width = torch.rand(n, 1) * 0.3 + 0.1
    y = (width.squeeze(1) * 10).long().clamp(max=2)
    x = torch.exp(-((pos - 0.5) ** 2) / width ** 2) + 0.05 * torch.randn(n, length)
    return x.unsqueeze(1), y


def main():
    torch.manual_seed(0)
    model = Replicated(ScanEncoder())
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for it in range(3):
        x, y = scans()
        _, logits = model(x)
        loss = F.cross_entropy(logits, y)
        pen = jacobian_frobenius(model.module, x.clone())
        opt.zero_grad()
        (loss + 0.01 * pen).backward()
        opt.step()
        print(it, round(loss.item(), 4), round(pen.item(), 4))


if __name__ == "__main__":
    main()

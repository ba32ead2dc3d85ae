"""Integrated-gradients attribution of a cork-taint (TCA) detector on GC-MS spectra, plus training with
gradient-norm clipping and logging of the input-gradient norm (no create_graph anywhere)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class TaintNet(nn.Module):
    def __init__(self, L=64):
        super().__init__()
        self.conv = nn.Conv1d(1, 8, 5, padding=2)
        self.act = nn.PReLU()
        self.pool = nn.AvgPool1d(4)
        self.fc = nn.Linear(8 * L // 4, 1)

    def forward(self, s):
        h = self.pool(self.act(self.conv(s)))
        h = F.normalize(h.flatten(1), dim=1)
        return self.fc(h).squeeze(-1)


def integrated_gradients(model, x, baseline=None, steps=16):
    baseline = torch.zeros_like(x) if baseline is None else baseline
    total = torch.zeros_like(x)
    for k in range(1, steps + 1):
        xk = (baseline + k / steps * (x - baseline)).requires_grad_(True)
        g, = torch.autograd.grad(model(xk).sum(), xk)
        total += g
    return (x - baseline) * total / steps


model = TaintNet()
opt = torch.optim.Adam(model.parameters(), lr=1e-3)
for step in range(2):
    spectra, tainted = torch.rand(8, 1, 64), torch.randint(0, 2, (8,)).float()
    spectra.requires_grad_(True)
    loss = F.binary_cross_entropy_with_logits(model(spectra), tainted)
    opt.zero_grad()
    loss.backward()
    in_grad_norm = spectra.grad.norm().item()
    torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm=1.0)
    opt.step()
attr = integrated_gradients(model, torch.rand(2, 1, 64))
print(loss.item(), in_grad_norm, attr.abs().sum().item())

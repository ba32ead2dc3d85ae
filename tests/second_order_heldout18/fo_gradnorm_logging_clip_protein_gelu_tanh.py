import torch
import torch.nn as nn
import torch.nn.functional as F


class StabilityRegressor(nn.Module):
    def __init__(self, d=20, h=64):
        super().__init__()
        self.embed = nn.Linear(d, h)
        self.mix = nn.Sequential(nn.Linear(h, h), nn.GELU(approximate="tanh"), nn.Linear(h, h))
        self.pool = nn.AdaptiveAvgPool1d(1)
        self.head = nn.Linear(h, 1)

    def forward(self, seq):
        h = self.mix(self.embed(seq))
        return self.head(self.pool(h.transpose(1, 2)).squeeze(-1))


model = StabilityRegressor()
opt = torch.optim.AdamW(model.parameters(), lr=3e-4)
for step in range(2):
    seq, ddg = torch.randn(4, 30, 20), torch.randn(4, 1)
    loss = F.smooth_l1_loss(model(seq), ddg)
    opt.zero_grad()
    loss.backward()
    total = torch.norm(torch.stack([p.grad.norm(2) for p in model.parameters() if p.grad is not None]), 2)
    per_layer = {n: p.grad.norm().item() for n, p in model.named_parameters()}
    torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm=1.0)
    opt.step()
    print(step, loss.item(), total.item(), max(per_layer.values()))

"""Saliency-guided training (Ismail et al. 2021) for ship / no-ship SAR chips: features with the lowest
input-gradient saliency are masked and the model is trained to keep its prediction (KL)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class ShipNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.down = nn.Conv2d(1, 8, 3, stride=2, padding=1)
        self.up = nn.Upsample(scale_factor=2, mode="nearest")
        self.conv = nn.Conv2d(8, 8, 3, padding=1)
        self.act = nn.Hardswish()
        self.head = nn.Linear(8, 2)

    def forward(self, x):
        h = self.act(self.conv(self.up(F.relu(self.down(x)))))
        return self.head(h.mean((2, 3)))


model = ShipNet()
opt = torch.optim.Adam(model.parameters(), lr=1e-3)
k = 0.3
for step in range(3):
    chips, y = torch.randn(4, 1, 16, 16), torch.randint(0, 2, (4,))
    chips.requires_grad_()
    logits = model(chips)
    sal = torch.autograd.grad(logits.gather(1, y[:, None]).sum(), chips)[0].abs()
    thresh = sal.flatten(1).kthvalue(int(k * sal[0].numel()), dim=1).values.view(-1, 1, 1, 1)
    masked = torch.where(sal <= thresh, torch.rand_like(chips), chips.detach())
    ce = F.cross_entropy(model(chips.detach()), y)
    kl = F.kl_div(F.log_softmax(model(masked), 1), F.softmax(model(chips.detach()), 1), reduction="batchmean")
    opt.zero_grad()
    (ce + kl).backward()
    opt.step()

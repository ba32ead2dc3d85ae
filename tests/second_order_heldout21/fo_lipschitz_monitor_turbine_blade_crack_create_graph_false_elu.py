# Crack / no-crack classifier for borescope images of turbine blades. Every few steps an empirical
# local Lipschitz estimate (max input-gradient norm) is logged for the safety report; it is not trained on.
import torch
import torch.nn as nn
import torch.nn.functional as F


class BladeNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.c1 = nn.Conv2d(1, 8, 3, padding=1)
        self.c2 = nn.Conv2d(8, 16, 3, padding=1, stride=2)
        self.act = nn.ELU()
        self.gap = nn.AdaptiveAvgPool2d(1)
        self.fc = nn.Linear(16, 2)

    def forward(self, x):
        h = self.act(self.c2(self.act(self.c1(x))))
        return self.fc(self.gap(h).flatten(1))


def local_lipschitz(model, x):
    x = x.clone().requires_grad_(True)
    out = model(x)
    margin = (out[:, 1] - out[:, 0]).sum()
    g = torch.autograd.grad(margin, x, create_graph=False)[0]
    return g.flatten(1).norm(dim=1).max().item()


model = BladeNet()
opt = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)
log = []
for step in range(4):
    imgs, labels = torch.randn(4, 1, 16, 16), torch.randint(0, 2, (4,))
    loss = F.cross_entropy(model(imgs), labels)
    opt.zero_grad()
    loss.backward()
    torch.nn.utils.clip_grad_norm_(model.parameters(), 5.0)
    opt.step()
    if step % 2 == 0:
        log.append((step, loss.item(), local_lipschitz(model, imgs)))
print(log)

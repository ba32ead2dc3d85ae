"""timm-style Mlp blocks (`act_layer` class arguments) in a vibration classifier with an input-gradient Lipschitz
monitor that is only logged (no create_graph): first order."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Mlp(nn.Module):
    def __init__(self, d_in, d_hidden, d_out, act_layer=nn.GELU):
        super().__init__()
        self.fc1 = nn.Linear(d_in, d_hidden)
        self.act = act_layer()
        self.fc2 = nn.Linear(d_hidden, d_out)

    def forward(self, x):
        return self.fc2(self.act(self.fc1(x)))


model = nn.Sequential(Mlp(24, 48, 48, act_layer=nn.Hardswish), Mlp(48, 48, 6, act_layer=nn.ReLU6))
opt = torch.optim.Adam(model.parameters(), lr=1e-3)
for step in range(2):
    x = torch.randn(16, 24).requires_grad_(True)
    y = torch.randint(0, 6, (16,))
    loss = F.cross_entropy(model(x), y)
    (gx,) = torch.autograd.grad(loss, x, retain_graph=True)
    lip = gx.norm(dim=1).max().item()
    opt.zero_grad()
    loss.backward()
    opt.step()
    print(step, loss.item(), lip)

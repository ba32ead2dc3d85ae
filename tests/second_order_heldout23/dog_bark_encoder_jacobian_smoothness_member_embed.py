# Dog-bark context classifier (alert / play / distress) on log-mel frames.
# A random-projection Jacobian penalty keeps the embedding smooth w.r.t. the input frames.
import torch
import torch.nn as nn
import torch.nn.functional as F


class BarkEncoder(nn.Module):
    def __init__(self, n_mels=40, d=32, n_cls=3):
        super().__init__()
        self.frontend = nn.Sequential(nn.Conv1d(n_mels, 64, 3, padding=1), nn.Hardswish(), nn.Conv1d(64, d, 3, padding=1))
        self.cls_head = nn.Sequential(nn.Linear(d, 32), nn.ReLU6(), nn.Linear(32, n_cls))

    def embed(self, mel):
        z = self.frontend(mel).mean(dim=-1)
        return F.normalize(z, dim=-1)

    def forward(self, mel):
        return self.cls_head(self.embed(mel))


def jacobian_penalty(enc, mel, n_proj=1):
    mel = mel.detach().requires_grad_(True)
    z = enc.embed(mel)
    pen = 0.0
    for _ in range(n_proj):
        v = torch.randn_like(z)
        v = v / v.norm(dim=-1, keepdim=True)
        (jv,) = torch.autograd.grad(z, mel, grad_outputs=v, create_graph=True)
        pen = pen + jv.pow(2).sum() / mel.size(0)
    return pen / n_proj


net = BarkEncoder()
opt = torch.optim.Adam(net.parameters(), lr=1e-3)
for step in range(3):
    mel = torch.randn(6, 40, 50)
    y = torch.randint(0, 3, (6,))
    loss = F.cross_entropy(net(mel), y) + 0.01 * jacobian_penalty(net, mel)
    opt.zero_grad()
    loss.backward()
    opt.step()

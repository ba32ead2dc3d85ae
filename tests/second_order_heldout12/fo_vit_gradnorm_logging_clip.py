# Tiny ViT on 16x16 satellite tiles: per-block gradient-norm logging, clip_grad_norm_, no_grad eval.
import torch
import torch.nn as nn
import torch.nn.functional as F


class Block(nn.Module):
    def __init__(self, d, hidden):
        super().__init__()
        self.ln1, self.ln2 = nn.LayerNorm(d), nn.LayerNorm(d)
        self.qkv = nn.Linear(d, 3 * d)
        self.mlp = nn.Sequential(nn.Linear(d, hidden), nn.GELU(approximate="tanh"), nn.Linear(hidden, d))

    def forward(self, x):
        q, k, v = self.qkv(self.ln1(x)).chunk(3, dim=-1)
        att = F.softmax(q @ k.transpose(-2, -1) / q.shape[-1] ** 0.5, dim=-1)
        x = x + att @ v
        return x + self.mlp(self.ln2(x))


class TinyViT(nn.Module):
    def __init__(self, n_cls=6, d=32, patch=4):
        super().__init__()
        self.patch = nn.Conv2d(3, d, patch, stride=patch)
        self.blocks = nn.ModuleList([Block(d, 2 * d) for _ in range(2)])
        self.head = nn.Linear(d, n_cls)

    def forward(self, x):
        x = self.patch(x).flatten(2).transpose(1, 2)
        for b in self.blocks:
            x = b(x)
        return self.head(x.mean(1))


model = TinyViT()
opt = torch.optim.AdamW(model.parameters(), lr=3e-4)
for step in range(2):
    x, y = torch.randn(8, 3, 16, 16), torch.randint(0, 6, (8,))
    loss = F.cross_entropy(model(x), y, label_smoothing=0.1)
    block_params = [list(b.parameters()) for b in model.blocks]
    grads = torch.autograd.grad(loss, [p for ps in block_params for p in ps], retain_graph=True)
    norms, i = [], 0
    for ps in block_params:
        norms.append(torch.sqrt(sum(g.pow(2).sum() for g in grads[i:i + len(ps)])).item())
        i += len(ps)
    opt.zero_grad()
    loss.backward()
    total = torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
    opt.step()
    model.eval()
    with torch.no_grad():
        val = F.log_softmax(model(torch.randn(4, 3, 16, 16)), -1).max(-1).values.mean()
    model.train()
    print(step, loss.item(), norms, float(total), val.item())

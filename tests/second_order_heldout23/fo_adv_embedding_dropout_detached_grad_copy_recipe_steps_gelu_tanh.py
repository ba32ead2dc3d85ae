"""Recipe-step ordering classifier with adversarial embedding perturbation (FreeLB-lite).
The perturbation direction is the gradient w.r.t. a DETACHED copy of the embeddings, so the
adversarial loss is differentiated once."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class StepOrderNet(nn.Module):
    def __init__(self, vocab=300, d=32):
        super().__init__()
        self.emb = nn.Embedding(vocab, d)
        self.mlp = nn.Sequential(nn.Linear(d, 64), nn.GELU(approximate="tanh"), nn.Linear(64, 2))

    def classify(self, e):
        return self.mlp(e.mean(1))


net = StepOrderNet()
opt = torch.optim.Adam(net.parameters(), lr=1e-3)
for step in range(3):
    tok = torch.randint(0, 300, (8, 12))
    y = torch.randint(0, 2, (8,))
    e = net.emb(tok)
    clean_loss = F.cross_entropy(net.classify(e), y)
    e_copy = e.detach().requires_grad_(True)
    g = torch.autograd.grad(F.cross_entropy(net.classify(e_copy), y), e_copy)[0]
    delta = 0.05 * g / (g.norm(dim=-1, keepdim=True) + 1e-8)
    adv_loss = F.cross_entropy(net.classify(e + delta), y)
    opt.zero_grad()
    (clean_loss + adv_loss).backward()
    opt.step()

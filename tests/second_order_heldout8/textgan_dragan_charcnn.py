# Character-level text GAN for product titles. The generator emits relaxed one-hot sequences
# (Gumbel-softmax); the discriminator is a Kim-style char-CNN with max-over-time pooling.
# DRAGAN penalty (Kodali et al.) around the real one-hot points keeps D smooth on the simplex.
import torch
import torch.nn as nn
import torch.nn.functional as F

VOCAB, SEQ, NZ = 64, 40, 32


class CharCNNDiscriminator(nn.Module):
    def __init__(self, emb=48, widths=(3, 4, 5), maps=64):
        super().__init__()
        self.embed = nn.Linear(VOCAB, emb, bias=False)          # soft one-hot x embedding table
        self.convs = nn.ModuleList(nn.Conv1d(emb, maps, w) for w in widths)
        self.highway = nn.Linear(maps * len(widths), maps * len(widths))
        self.out = nn.Linear(maps * len(widths), 1)

    def forward(self, onehot):
        e = self.embed(onehot).transpose(1, 2)
        pooled = [F.adaptive_max_pool1d(torch.relu(conv(e)), 1).squeeze(-1) for conv in self.convs]
        h = torch.cat(pooled, dim=1)
        t = torch.sigmoid(self.highway(h))
        h = t * torch.relu(self.highway(h)) + (1 - t) * h
        return self.out(h)


class GRUGenerator(nn.Module):
    def __init__(self, hidden=128):
        super().__init__()
        self.init = nn.Linear(NZ, hidden)
        self.cell = nn.GRUCell(VOCAB, hidden)
        self.proj = nn.Linear(hidden, VOCAB)

    def forward(self, z, tau=0.7):
        h = torch.tanh(self.init(z))
        tok = torch.zeros(z.size(0), VOCAB)
        outs = []
        for _ in range(SEQ):
            h = self.cell(tok, h)
            tok = F.gumbel_softmax(self.proj(h), tau=tau, hard=False)
            outs.append(tok)
        return torch.stack(outs, dim=1)


def dragan_penalty(D, real, k=1.0, c=0.5):
    noise = c * real.std() * torch.rand_like(real)
    alpha = torch.rand(real.size(0), 1, 1)
    x = (real + alpha * noise).requires_grad_()
    (g,) = torch.autograd.grad(D(x).sum(), x, create_graph=True)
    return ((g.flatten(1).norm(2, dim=1) - k) ** 2).mean()


def train_step(G, D, opt_g, opt_d, real_ids, lam=10.0):
    real = F.one_hot(real_ids, VOCAB).float()
    bce = nn.BCEWithLogitsLoss()
    ones, zeros = torch.ones(real.size(0), 1), torch.zeros(real.size(0), 1)
    fake = G(torch.randn(real.size(0), NZ))
    d_loss = bce(D(real), ones) + bce(D(fake.detach()), zeros) + lam * dragan_penalty(D, real)
    opt_d.zero_grad(); d_loss.backward(); opt_d.step()
    g_loss = bce(D(fake), ones)
    opt_g.zero_grad(); g_loss.backward(); opt_g.step()
    return d_loss.item(), g_loss.item()


if __name__ == "__main__":
    G, D = GRUGenerator(), CharCNNDiscriminator()
    og = torch.optim.Adam(G.parameters(), 2e-4, betas=(0.5, 0.999))
    od = torch.optim.Adam(D.parameters(), 2e-4, betas=(0.5, 0.999))
    print(train_step(G, D, og, od, torch.randint(0, VOCAB, (4, SEQ))))

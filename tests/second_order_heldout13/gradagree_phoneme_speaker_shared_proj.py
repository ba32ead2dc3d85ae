"""Multi-task speech encoder (phoneme classification + speaker-age regression) with a gradient-agreement
regulariser: the cosine between the two task gradients w.r.t. the shared projection's weight is pushed up,
so the regulariser differentiates through both tasks' backward passes."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class FrameEncoder(nn.Module):
    def __init__(self, n_mels=40, hidden=64, shared=32):
        super().__init__()
        self.inp = nn.Linear(n_mels, hidden)
        self.rnn = nn.GRU(hidden, hidden, batch_first=True)
        self.shared_proj = nn.Linear(hidden, shared)

    def forward(self, mels):
        h = F.elu(self.inp(mels))
        h, _ = self.rnn(h)
        return self.shared_proj(h)


class PhonemeHead(nn.Module):
    def __init__(self, shared=32, n_phones=40):
        super().__init__()
        self.out = nn.Linear(shared, n_phones)

    def forward(self, z):
        return self.out(torch.tanh(z))


class AgeHead(nn.Module):
    def __init__(self, shared=32):
        super().__init__()
        self.mlp = nn.Sequential(nn.Linear(shared, 16), nn.SiLU(), nn.Linear(16, 1))

    def forward(self, z):
        return self.mlp(z.mean(1)).squeeze(-1)


def agreement_loss(enc, phone_head, age_head, mels, phones, ages):
    z = enc(mels)
    logits = phone_head(z)
    l_phone = F.cross_entropy(logits.reshape(-1, logits.size(-1)), phones.reshape(-1))
    l_age = F.smooth_l1_loss(age_head(z), ages, beta=2.0)
    w = enc.shared_proj.weight
    g_phone, = torch.autograd.grad(l_phone, w, create_graph=True)
    g_age, = torch.autograd.grad(l_age, w, create_graph=True)
    cos = F.cosine_similarity(g_phone.flatten(), g_age.flatten(), dim=0)
    return l_phone + 0.1 * l_age + 0.5 * (1.0 - cos)


if __name__ == "__main__":
    enc, ph, ag = FrameEncoder(), PhonemeHead(), AgeHead()
    params = list(enc.parameters()) + list(ph.parameters()) + list(ag.parameters())
    opt = torch.optim.Adam(params, lr=3e-4)
    for step in range(2):
        mels = torch.randn(4, 20, 40)
        phones = torch.randint(0, 40, (4, 20))
        ages = torch.rand(4) * 60 + 20
        loss = agreement_loss(enc, ph, ag, mels, phones, ages)
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(step, loss.item())

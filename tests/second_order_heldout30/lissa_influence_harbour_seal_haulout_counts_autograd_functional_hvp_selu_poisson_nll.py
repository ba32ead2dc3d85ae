"""Which survey days drive the predicted harbour-seal haul-out count at a test site?

A small Poisson regression net (site embedding + tide / temperature / hour covariates) is trained,
then influence scores are computed with LiSSA (Agarwal et al. 2017; Koh & Liang 2017):
s_test ~= H^-1 grad L_test via the recursion h <- v + (1 - damping) h - H h / scale,
where H h comes from torch.autograd.functional.hvp on the training loss.
"""
import torch
import torch.nn as nn
from torch.func import functional_call

N_SITES, N_TRAIN, N_TEST = 6, 64, 4
DEPTH, SCALE, DAMPING = 6, 25.0, 0.01


class HaulOutNet(nn.Module):
    def __init__(self, n_sites, n_cov=4, emb=3, hidden=16):
        super().__init__()
        self.site = nn.Embedding(n_sites, emb)
        self.fc1 = nn.Linear(emb + n_cov, hidden)
        self.act1 = nn.SELU()
        self.fc2 = nn.Linear(hidden, hidden)
        self.act2 = nn.SELU()
        self.out = nn.Linear(hidden, 1)

    def forward(self, site, cov):
        h = torch.cat([self.site(site), cov], dim=-1)
        h = self.act1(self.fc1(h))
        h = self.act2(self.fc2(h))
        return self.out(h).squeeze(-1)  # log-rate


def survey_days(n, gen):
    site = torch.randint(0, N_SITES, (n,), generator=gen)
    tide = torch.rand(n, generator=gen) * 2 - 1
    temp = torch.randn(n, generator=gen)
    hour = torch.rand(n, generator=gen) * 6.283
    cov = torch.stack([tide, temp, torch.sin(hour), torch.cos(hour)], dim=-1)
    rate = torch.exp(1.5 - 1.2 * tide + 0.3 * temp + 0.2 * site.float() / N_SITES)
    return site, cov, torch.poisson(rate, generator=gen)


def main():
    gen = torch.Generator().manual_seed(3)
    torch.manual_seed(3)
    train, test = survey_days(N_TRAIN, gen), survey_days(N_TEST, gen)
    model = HaulOutNet(N_SITES)
    criterion = nn.PoissonNLLLoss(log_input=True)
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    for epoch in range(30):
        loss = criterion(model(train[0], train[1]), train[2])
        opt.zero_grad()
        loss.backward()
        opt.step()
    print(f"train poisson nll {loss.item():.3f}")

    names = [n for n, _ in model.named_parameters()]
    params = tuple(p.detach() for _, p in model.named_parameters())

    def train_loss(*flat):
        pred = functional_call(model, dict(zip(names, flat)), (train[0], train[1]))
        return criterion(pred, train[2])

    test_loss = criterion(model(test[0], test[1]), test[2])
    v = torch.autograd.grad(test_loss, list(model.parameters()))
    h = tuple(t.clone() for t in v)
    for _ in range(DEPTH):
        _, hv = torch.autograd.functional.hvp(train_loss, params, h)
        h = tuple(vi + (1 - DAMPING) * hi - hvi / SCALE for vi, hi, hvi in zip(v, h, hv))
    s_test = tuple(hi / SCALE for hi in h)

    scores = []
    for i in range(8):
        li = criterion(model(train[0][i:i + 1], train[1][i:i + 1]), train[2][i:i + 1])
        gi = torch.autograd.grad(li, list(model.parameters()))
        scores.append(-sum((a * b).sum() for a, b in zip(gi, s_test)).item())
    print("influence of the first survey days:", [round(s, 4) for s in scores])


if __name__ == "__main__":
    main()

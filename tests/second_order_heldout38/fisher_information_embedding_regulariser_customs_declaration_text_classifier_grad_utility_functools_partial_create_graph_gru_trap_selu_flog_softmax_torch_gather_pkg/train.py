import torch

import settings
from model import TariffClassifier
from regularisers import fisher_penalty


def declarations(n=settings.BATCH):
    labels = torch.randint(0, settings.N_TARIFF_GROUPS, (n,))
    tokens = torch.randint(1, settings.VOCAB, (n, settings.SEQ_LEN))
    tokens[:, 0] = labels * 7 + 3
    tokens[:, -2:] = 0
    return tokens, labels


def main():
    torch.manual_seed(20)
    model = TariffClassifier()
    opt = torch.optim.Adam(model.parameters(), lr=3e-3)
    for step in range(settings.STEPS):
        tokens, labels = declarations()
        penalty, ll = fisher_penalty(model, tokens, labels)
        nll = -ll.mean()
        loss = nll + settings.FISHER_WEIGHT * penalty
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"step {step} nll {nll.item():.4f} fisher {penalty.item():.4f}")


if __name__ == "__main__":
    main()

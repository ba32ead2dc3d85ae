import copy

import torch

from model import SkipPredictor, smoothed_kl
from tracin import tracin_scores


def main(epochs=3, lr=0.05):
    torch.manual_seed(0)
    model = SkipPredictor()
    opt = torch.optim.SGD(model.parameters(), lr=lr)
    x, y = torch.randn(20, 9), torch.randint(0, 3, (20,))
    checkpoints = []
    for ep in range(epochs):
        loss = smoothed_kl(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        checkpoints.append(copy.deepcopy(model.state_dict()))
        print(ep, loss.item())
    scores = tracin_scores(checkpoints, SkipPredictor(), (x, y), (torch.randn(9), torch.tensor(1)), lr)
    print("most helpful", scores.argsort(descending=True)[:3].tolist())


if __name__ == "__main__":
    main()

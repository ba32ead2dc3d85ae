import torch
import torch.nn.functional as F

from architect import Architect
from model_search import SearchNet


def main(epochs=2):
    model = SearchNet()
    architect = Architect(model)
    w_opt = torch.optim.SGD(model.weights(), lr=0.025, momentum=0.9)
    for epoch in range(epochs):
        xt, yt = torch.randn(4, 3, 8, 8), torch.randint(0, 5, (4,))
        xv, yv = torch.randn(4, 3, 8, 8), torch.randint(0, 5, (4,))
        architect.step(xt, yt, xv, yv, unrolled=True)
        w_opt.zero_grad()
        F.cross_entropy(model(xt), yt).backward()
        w_opt.step()


if __name__ == "__main__":
    main()

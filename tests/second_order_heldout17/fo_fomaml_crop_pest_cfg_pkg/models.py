import torch.nn as nn

ACT = {"elu": nn.ELU, "prelu": nn.PReLU, "relu": nn.ReLU}


class PestNet(nn.Module):
    def __init__(self, act="elu", n_way=4):
        super().__init__()
        self.conv = nn.Sequential(nn.Conv2d(3, 8, 3, padding=1), ACT[act](), nn.AvgPool2d(2),
                                  nn.Conv2d(8, 8, 3, padding=1), ACT[act](), nn.AdaptiveAvgPool2d(1))
        self.fc = nn.Linear(8, n_way)

    def forward(self, x):
        return self.fc(self.conv(x).flatten(1))
